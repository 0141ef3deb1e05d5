#!/usr/bin/env python3
"""A toolshell tool process in plain Python (standard library only).

toolshell starts it and speaks to it in frames: a 4-byte big-endian length, then that many bytes of UTF-8 JSON;
the host writes to our stdin, we answer on stdout; stderr is our log. Register it on a ScriptedTool with

    await connectToolProcess(api, { command: "python3", args: ["examples/tool-process.py"], grantScopes: ["admin"] })

and a script calls `tool-process.add --a 2 --b 3`, `tool-process.slow --ms 200`, ...  Or from the CLI:

    npx toolshell run --tool-process "python3 examples/tool-process.py" 'tool-process.add --a 2 --b 3'

Each call runs on its own thread, so calls are answered concurrently and in any order.
"""

import json
import struct
import sys
import threading
import time

TOOLS = [
    {
        "name": "add",
        "description": "Adds two numbers.",
        "input_schema": {
            "type": "object",
            "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"],
            "additionalProperties": False,
        },
        "output_schema": {"type": "object", "properties": {"sum": {"type": "number"}}},
        "risk": "safe",
    },
    {
        "name": "plus",
        "description": "Adds two numbers (the old name of add).",
        "input_schema": {
            "type": "object",
            "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"],
        },
        "risk": "safe",
        "deprecated": {"replacement": "add", "message": "plus goes away in v2"},
    },
    {
        "name": "slow",
        "description": "Waits ms milliseconds, reporting progress; stops when cancelled.",
        "input_schema": {
            "type": "object",
            "properties": {"ms": {"type": "integer", "minimum": 0}},
            "required": ["ms"],
        },
        "risk": "safe",
    },
    {
        "name": "lookup",
        "description": "Finds a user by id (fails for unknown ids).",
        "input_schema": {
            "type": "object",
            "properties": {"id": {"type": "integer"}},
            "required": ["id"],
        },
        "risk": "low",
    },
    {
        "name": "reset",
        "description": "Resets the demo data (needs the admin scope).",
        "input_schema": {"type": "object", "properties": {}},
        "required_scope": "admin",
        "risk": "high",
    },
]

USERS = {1: {"id": 1, "name": "Ada"}, 2: {"id": 2, "name": "Lin"}}

out_lock = threading.Lock()
running = set()  # calls in flight: a cancel for any other call is ignored
cancelled = set()
cancel_lock = threading.Lock()


def send(message):
    body = json.dumps(message).encode("utf-8")
    with out_lock:
        sys.stdout.buffer.write(struct.pack(">I", len(body)) + body)
        sys.stdout.buffer.flush()


def read_exact(count):
    data = b""
    while len(data) < count:
        chunk = sys.stdin.buffer.read(count - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def is_cancelled(call_id):
    with cancel_lock:
        return call_id in cancelled


def run(call_id, name, params, deadline_ms):
    # deadline_ms is how long the call has left: past it the host has stopped waiting
    deadline = time.monotonic() + deadline_ms / 1000 if deadline_ms else None
    try:
        if name in ("add", "plus"):
            send({"type": "ToolResult", "call_id": call_id, "output": {"sum": params["a"] + params["b"]}})
        elif name == "slow":
            steps = 10
            for step in range(steps):
                if is_cancelled(call_id) or (deadline is not None and time.monotonic() > deadline):
                    send({"type": "ToolError", "call_id": call_id, "code": "cancelled", "message": "cancelled"})
                    return
                time.sleep(params["ms"] / 1000 / steps)
                send({"type": "ToolEvent", "call_id": call_id, "progress": (step + 1) / steps})
            send({"type": "ToolResult", "call_id": call_id, "output": "done"})
        elif name == "lookup":
            user = USERS.get(params["id"])
            if user is None:
                send({"type": "ToolError", "call_id": call_id, "code": "not_found",
                      "message": "no user with id %d" % params["id"]})
            else:
                send({"type": "ToolResult", "call_id": call_id, "output": user})
        elif name == "reset":
            send({"type": "ToolResult", "call_id": call_id, "output": {"reset": True}})
        else:
            send({"type": "ToolError", "call_id": call_id, "code": "unknown_tool", "message": "no tool " + name})
    except Exception as error:  # a bug here answers the call instead of ending the process
        print("%s failed: %r" % (name, error), file=sys.stderr, flush=True)
        send({"type": "ToolError", "call_id": call_id, "code": "failed", "message": "%s failed" % name})
    finally:
        with cancel_lock:
            running.discard(call_id)
            cancelled.discard(call_id)


def main():
    while True:
        head = read_exact(4)
        if head is None:
            return  # the host closed our stdin: we are done
        (length,) = struct.unpack(">I", head)
        body = read_exact(length)
        if body is None:
            return
        message = json.loads(body.decode("utf-8"))
        kind = message.get("type")
        if kind == "ToolHello":
            send({"type": "ToolRegister", "tools": TOOLS})
        elif kind == "InvokeTool":
            args = (message["call_id"], message["tool_name"], message.get("input") or {}, message.get("deadline_ms"))
            with cancel_lock:
                running.add(message["call_id"])
            threading.Thread(target=run, args=args, daemon=True).start()
        elif kind == "CancelInvocation":
            with cancel_lock:
                if message["call_id"] in running:
                    cancelled.add(message["call_id"])


if __name__ == "__main__":
    main()
