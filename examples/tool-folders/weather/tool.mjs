// A tool package kept in a folder: a module exporting tool definitions, registered under the names they carry.
const CITIES = { paris: { city: "Paris", celsius: 18 }, oslo: { city: "Oslo", celsius: 4 } };

export const tools = [
  {
    name: "weather.now",
    description: "The weather in a city now.",
    risk: "low",
    inputSchema: {
      type: "object",
      properties: { city: { type: "string", description: "A city name, e.g. paris" } },
      required: ["city"],
    },
    execute: ({ city }) => CITIES[city.toLowerCase()] ?? { city, celsius: null },
  },
];
