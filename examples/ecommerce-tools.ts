/**
 * The demo e-commerce API (users, orders, products, shipping). Its definitions live in src/demo/ so that the
 * compiled package ships them as the CLI's default tools; this file keeps the import path of the examples and
 * tests.
 */
export { ecommerceTools, ecommerceToolset } from "../src/demo/ecommerce-tools.js";
