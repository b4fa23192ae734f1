// A full game of Parry against a bot, over `henchmen serve --stdio`, in plain
// Node.js (no packages). Usage: node play.js [henchmen command...]
// (default: henchmen). Docs: docs/protocol.md.
"use strict";
const { spawn } = require("node:child_process");
const readline = require("node:readline");

const command = process.argv.length > 2 ? process.argv.slice(2) : ["henchmen"];
const server = spawn(command[0], [...command.slice(1), "serve", "--stdio"], {
  stdio: ["pipe", "pipe", "inherit"],
});
const waiting = new Map();
let next = 0;
readline.createInterface({ input: server.stdout }).on("line", (line) => {
  const msg = JSON.parse(line);
  const w = waiting.get(msg.id);
  if (w) { waiting.delete(msg.id); w(msg); }
});

function request(type, fields = {}) {
  const id = ++next;
  return new Promise((resolve, reject) => {
    waiting.set(id, (msg) => (msg.type === "error" ? reject(new Error(`${msg.code}: ${msg.message}`)) : resolve(msg)));
    server.stdin.write(JSON.stringify({ v: 1, id, type, ...fields }) + "\n");
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const made = await request("create_game", {
    game: "parry", seed: 3,
    seats: [{ kind: "human", name: "Node" }, { kind: "bot", bot: "greedy" }],
  });
  const game_id = made.game_id;
  const token = made.tokens[0].token;
  let moves = 0;
  for (;;) {
    const v = await request("view", { game_id, token });
    if (v.terminal) {
      console.log(`game over after ${moves} moves of mine; returns ${JSON.stringify(v.returns)}`);
      break;
    }
    if (!v.your_turn) { await sleep(10); continue; }
    const pick = v.legal[v.legal.length - 1];
    await request("move", { game_id, token, action: pick.id, step: v.step });
    moves++;
  }
  server.stdin.end();
}

main().catch((e) => { console.error(e.message); server.kill(); process.exit(1); });
