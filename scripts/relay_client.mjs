// A relay client that is not ours: plays one full game against bots through
// a netarcade relay, written from docs/relay.md alone (binary msgpack maps
// with `kind` and `v`; create with `name` seats us; act with `base`).
//
//   node scripts/relay_client.mjs --url ws://127.0.0.1:8000/ws --game netcontrol \
//        --seats human,greedy,greedy --options '{"target":4}' --seed 1
//
// Picks a random legal action (a seeded PRNG) whenever the relay offers some,
// checks at the end that the revealed seed and salt hash to the commitment
// published at creation, and prints one JSON line: room, game, version,
// actions, winners, verified. Exit status 0 when the game ended and verified.
import { createHash } from "node:crypto";
import { decode, encode } from "@msgpack/msgpack";
import WebSocket from "ws";

function args(argv) {
  const out = { url: "ws://127.0.0.1:8000/ws", game: "netcontrol", seats: "human,greedy,greedy",
                options: "{}", seed: "1", timeout: "90" };
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, "")] = argv[i + 1];
  return out;
}

// mulberry32: a small seeded PRNG, so a run can be repeated
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const opts = args(process.argv.slice(2));
const random = prng(Number(opts.seed));
const ws = new WebSocket(opts.url);
ws.binaryType = "nodebuffer";
let nextId = 0;
let room = null, seat = null, token = null, commitment = null;
let actedAt = -1, actions = 0;

function send(frame) {
  ws.send(encode({ v: 1, id: ++nextId, ...frame }));
}

function finish(code, summary) {
  console.log(JSON.stringify(summary));
  ws.close();
  process.exit(code);
}

const timer = setTimeout(() => finish(1, { error: `no end of game in ${opts.timeout} s`, room, actions }),
                         Number(opts.timeout) * 1000);

ws.on("open", () => {
  send({ kind: "create", game: opts.game, seats: opts.seats.split(","), options: JSON.parse(opts.options),
         name: "node" });
});

ws.on("message", (data, isBinary) => {
  if (!isBinary) return finish(1, { error: "a text frame from the relay" });
  const frame = decode(data);
  switch (frame.kind) {
    case "hello":
    case "pong":
      return;
    case "created":
      room = frame.room;
      commitment = frame.commitment;
      return;
    case "joined":
      seat = frame.seat;
      token = frame.token;
      return;
    case "ack":
      actions += 1;
      return;
    case "error":
      // another decision overtook ours (a bot, the clock): the next update says what is legal now
      if (["stale", "not-your-turn", "game-over"].includes(frame.code)) return;
      return finish(1, { error: `${frame.code}: ${frame.message}`, room, actions });
    case "state":
    case "update": {
      if (frame.room !== room) return;
      if (frame.view.over) {
        const reveal = frame.reveal;
        const hash = createHash("sha256")
          .update(`netarcade-seed:v1:${opts.game}:${reveal.seed}:${reveal.salt}`).digest("hex");
        clearTimeout(timer);
        return finish(hash === commitment && frame.commitment === commitment ? 0 : 1, {
          room, game: opts.game, seat, version: frame.version, actions, winners: frame.view.winners,
          scores: frame.view.scores, verified: hash === commitment, record: reveal.record, digest: reveal.digest,
        });
      }
      if (token !== null && frame.legal.length && frame.version > actedAt) {
        actedAt = frame.version;
        const action = frame.legal[Math.floor(random() * frame.legal.length)];
        send({ kind: "act", room, seat, token, action, base: frame.version });
      }
      return;
    }
    default:
      return;
  }
});

ws.on("error", (err) => finish(1, { error: String(err), room, actions }));
ws.on("close", (code, reason) => finish(1, { error: `closed ${code} ${reason}`, room, actions }));
