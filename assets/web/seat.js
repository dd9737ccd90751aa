// The browser seat (docs/browser.md): one seat of a game held by `ratify
// serve`, over the protocol of docs/protocol.md. The page knows only what
// the server sends to its seat, and shows every string from it as text
// (textContent, never innerHTML): nothing a ruleset writes is ever run.
'use strict';

const PROTOCOL = 1;
const params = new URLSearchParams(location.search);
const watching = params.has('watch');
const tokenKey = 'ratify-seat-token:' + location.host;
const token = watching ? '' : (params.get('token') || localStorage.getItem(tokenKey) || '');

const game = {
  socket: null,
  welcome: null, // seat, players, seats, ruleset, cards
  view: null,
  seq: 0,
  log: [],
  result: null,
  pending: false, // an action sent, its view not yet back
  filter: null, // {label, actions}: the actions of a clicked card, player or zone
  over: false,
  stopped: false, // the server said no: do not reconnect
  retries: 0,
  wasMyTurn: false,
};

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function setConnection(text) {
  $('connection').textContent = text;
}

// --- the connection ---------------------------------------------------------

function connect() {
  if (!watching && !token) {
    setConnection('This link has no seat token: open the link the host gave you.');
    return;
  }
  if (token) localStorage.setItem(tokenKey, token);
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  const socket = new WebSocket(scheme + location.host + '/');
  game.socket = socket;
  setConnection(game.retries ? 'reconnecting…' : 'connecting…');
  socket.addEventListener('open', () => {
    const hello = watching ? { watch: true } : { token };
    send(Object.assign({ type: 'hello' }, hello));
  });
  socket.addEventListener('message', (e) => {
    let m;
    try {
      m = JSON.parse(e.data);
    } catch (err) {
      return;
    }
    received(m);
  });
  socket.addEventListener('close', () => {
    if (game.socket !== socket) return;
    game.socket = null;
    game.pending = false;
    if (game.over) return setConnection('The game is over; the server has closed.');
    if (game.stopped) return;
    // A dropped connection: try again, less and less often; the token
    // keeps the seat.
    game.retries += 1;
    const wait = Math.min(10000, 500 * 2 ** Math.min(game.retries, 5));
    setConnection('Connection lost; trying again in ' + Math.round(wait / 1000) + ' s.');
    draw();
    setTimeout(connect, wait);
  });
}

function send(m) {
  if (!game.socket || game.socket.readyState !== WebSocket.OPEN) return false;
  game.socket.send(JSON.stringify(Object.assign({ v: PROTOCOL }, m)));
  return true;
}

function received(m) {
  if (!m || typeof m !== 'object') return;
  switch (m.type) {
    case 'welcome':
      game.welcome = m;
      game.retries = 0;
      setConnection(watching ? 'Watching.' : 'Connected as player ' + m.seat + '.');
      document.title = String(m.ruleset && m.ruleset.name ? m.ruleset.name : 'ratify') + ' — ratify';
      $('title').textContent = m.ruleset && m.ruleset.name ? m.ruleset.name : 'ratify';
      break;
    case 'view':
      game.seq = m.seq;
      game.view = m.view;
      if (m.log_from === 0) game.log = [];
      game.log = game.log.concat(m.view.log || []);
      if (m.view.result) game.result = m.view.result;
      game.pending = false;
      game.filter = null;
      draw();
      break;
    case 'result':
      game.over = true;
      game.result = m.result || game.result;
      draw();
      break;
    case 'resync':
      setConnection('The server asked to start over from its view: ' + String(m.reason || ''));
      break;
    case 'chat':
      game.log.push((m.from === 0 ? 'a watcher' : playerName(m.from)) + ': ' + String(m.text));
      draw();
      break;
    case 'error':
      setConnection('Server: ' + String(m.message || m.code));
      if (m.code === 'bad_token' || m.code === 'replaced' || m.code === 'no_watchers')
        game.stopped = true;
      break;
    default:
      break;
  }
}

// --- acting -----------------------------------------------------------------

function myTurn() {
  const v = game.view;
  return !!v && !watching && !game.over && v.actor !== 0 && v.actor === game.welcome.seat;
}

function choose(action) {
  if (game.pending || !myTurn()) return;
  if (action.risky) {
    const text = action.warning ? action.warning : 'Are you sure?';
    return confirmThen(String(action.label) + ': ' + text, () => act(action));
  }
  act(action);
}

function act(action) {
  if (send({ type: 'act', id: action.index, seq: game.seq })) {
    game.pending = true;
    draw();
  }
}

function confirmThen(text, then) {
  const dialog = $('confirm');
  $('confirm-text').textContent = text;
  const yes = $('confirm-yes');
  const no = $('confirm-no');
  const close = (ok) => {
    yes.onclick = null;
    no.onclick = null;
    dialog.close();
    if (ok) then();
  };
  yes.onclick = () => close(true);
  no.onclick = () => close(false);
  dialog.showModal();
  no.focus();
}

// The actions a click on something offers: one is taken at once, several
// are listed to pick from.
function offer(label, actions) {
  if (actions.length === 1) return choose(actions[0]);
  game.filter = { label, actions };
  draw();
  const first = $('actions').querySelector('button');
  if (first) first.focus();
}

function actionsWith(test) {
  if (!myTurn()) return [];
  return (game.view.actions || []).filter(test);
}

// --- drawing ----------------------------------------------------------------

function cardDef(card) {
  if (!card || !game.welcome) return null;
  // A glimpse: a face-down card the last move turned up and down again.
  const def = card.glimpse !== undefined ? card.glimpse : card.def;
  return game.welcome.cards[def] || null;
}

function playerName(p) {
  if (game.welcome && p === game.welcome.seat) return 'you';
  const kind = game.welcome && game.welcome.seats ? game.welcome.seats[p - 1] : '';
  return 'player ' + p + (kind && kind !== 'human' ? ' (' + kind + ')' : '');
}

// Image names come from the rules: only plain relative names are asked for,
// and the server serves only images from the ruleset's folder.
function plainImage(name) {
  return typeof name === 'string' && /^[A-Za-z0-9_-][A-Za-z0-9_./-]*$/.test(name) &&
    !name.includes('..');
}

function drawCard(card) {
  if (!card) {
    const back = el('div', 'card back');
    back.setAttribute('role', 'img');
    back.setAttribute('aria-label', 'a face-down card');
    return back;
  }
  const def = cardDef(card);
  const acts = actionsWith((a) => (a.cards || []).includes(card.id));
  const e = el(acts.length ? 'button' : 'div', 'card face');
  if (card.glimpse !== undefined) e.classList.add('glimpse');
  if (acts.length) {
    e.type = 'button';
    e.classList.add('playable');
    e.addEventListener('click', () => offer(def ? def.name : 'card', acts));
  }
  if (card.id !== undefined) e.dataset.card = String(card.id);
  if (def) {
    e.dataset.def = String(def.id);
    if (def.image && plainImage(def.image)) {
      const img = el('img', 'picture');
      img.src = 'ruleset/' + def.image;
      img.alt = '';
      e.append(img);
    }
    e.append(el('span', 'name', def.name));
    if (def.kind) e.append(el('span', 'kind', def.kind));
    if (def.text) e.append(el('span', 'text', def.text));
  }
  return e;
}

function drawZone(zone) {
  const box = el('section', 'zone');
  box.dataset.zone = String(zone.name);
  const head = el('h3', 'zone-head');
  const acts = actionsWith((a) => a.zone === zone.name && !(a.cards || []).length);
  const label = zone.label || zone.name;
  const title = acts.length ? el('button', 'zone-title playable', label) : el('span', 'zone-title', label);
  if (acts.length) {
    title.type = 'button';
    title.addEventListener('click', () => offer(label, acts));
  }
  head.append(title);
  if (zone.owner) head.append(el('span', 'owner', ' · ' + playerName(zone.owner)));
  head.append(el('span', 'count', ' · ' + zone.cards.length + (zone.cards.length === 1 ? ' card' : ' cards')));
  box.append(head);
  const cards = el('div', 'cards');
  // A run of face-down cards is a pile: one back stands for it, a count
  // says how many.
  let run = 0;
  const flush = () => {
    if (run > 3) {
      const back = drawCard(null);
      back.append(el('span', 'pile', '×' + run));
      cards.append(back);
    } else {
      for (let k = 0; k < run; k++) cards.append(drawCard(null));
    }
    run = 0;
  };
  for (const c of zone.cards) {
    if (!c) {
      run += 1;
      continue;
    }
    flush();
    cards.append(drawCard(c));
  }
  flush();
  box.append(cards);
  return box;
}

function drawPlayers() {
  const v = game.view;
  const box = $('players');
  box.replaceChildren(el('h2', null, 'Players'));
  const n = game.welcome ? game.welcome.players : (v.status || []).length;
  for (let p = 1; p <= n; p++) {
    const row = el('div', 'player' + (v.actor === p ? ' acting' : ''));
    const acts = actionsWith((a) => a.target === p && !(a.cards || []).length && !a.zone);
    const name = acts.length ? el('button', 'player-name playable', playerName(p)) : el('h3', 'player-name', playerName(p));
    if (acts.length) {
      name.type = 'button';
      name.addEventListener('click', () => offer(playerName(p), acts));
    }
    row.append(name);
    const lines = el('ul', 'status');
    for (const line of (v.status || [])[p - 1] || []) lines.append(el('li', null, line));
    row.append(lines);
    box.append(row);
  }
}

function drawActions() {
  const list = $('actions');
  const endArea = $('end-turn-area');
  list.replaceChildren();
  endArea.replaceChildren();
  const hint = $('actions-hint');
  if (!myTurn()) {
    hint.textContent = watching ? 'Watching: no actions.' : (game.over ? '' : 'Not your turn.');
    return;
  }
  let actions = game.view.actions || [];
  hint.textContent = game.pending ? 'Sent; waiting for the server…' : 'Pick an action, or click a card.';
  if (game.filter) {
    actions = game.filter.actions;
    const li = el('li', 'filter');
    li.append(el('span', null, 'Actions with ' + game.filter.label + ' '));
    const all = el('button', 'show-all', 'Show all');
    all.type = 'button';
    all.addEventListener('click', () => { game.filter = null; draw(); });
    li.append(all);
    list.append(li);
  }
  for (const a of actions) {
    const b = el('button', 'action' + (a.risky ? ' risky' : ''), a.label);
    b.type = 'button';
    b.dataset.action = String(a.index);
    b.disabled = game.pending;
    if (a.risky) b.title = a.warning || 'asks to confirm';
    b.addEventListener('click', () => choose(a));
    if (a.ends_turn) {
      b.classList.add('end-turn');
      endArea.append(b);
    } else {
      const li = el('li');
      li.append(b);
      list.append(li);
    }
  }
}

function drawResult() {
  const box = $('result');
  const r = game.result;
  if (!r) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(el('h2', null, 'Game over'));
  const winners = r.winners || [];
  box.append(el('p', 'winners', winners.length ? 'Winner: ' + winners.map(playerName).join(', ') : 'Nobody won.'));
  if (r.text) box.append(el('p', 'result-text', r.text));
  if (r.scores && r.scores.length) {
    box.append(el('p', 'scores', 'Scores: ' + r.scores.map((s, i) => playerName(i + 1) + ' ' + s).join(', ')));
  }
}

function drawTurn() {
  const v = game.view;
  let text = '';
  if (game.result || v.actor === 0) text = 'Game over';
  else if (myTurn()) text = 'Your turn';
  else text = 'Turn: ' + playerName(v.actor);
  $('turn').textContent = text;
  document.body.classList.toggle('my-turn', myTurn());
}

function drawLog() {
  const log = $('log');
  log.replaceChildren();
  for (const line of game.log.slice(-200)) log.append(el('li', null, line));
  log.scrollTop = log.scrollHeight;
}

function draw() {
  const v = game.view;
  if (!v || !game.welcome) return;
  document.body.dataset.seq = String(game.seq);
  document.body.dataset.pending = game.pending ? '1' : '0';
  document.body.dataset.over = game.result ? '1' : '0';
  drawTurn();
  drawResult();
  const shared = $('shared-status');
  shared.replaceChildren();
  for (const line of v.shared_status || []) shared.append(el('p', null, line));
  $('table').replaceChildren(...(v.zones || []).map(drawZone));
  drawPlayers();
  drawActions();
  drawLog();
  // Keyboard players start at their first action when their turn comes.
  const mine = myTurn() && !game.pending;
  if (mine && !game.wasMyTurn) {
    const first = document.querySelector('#actions button, #end-turn-area button');
    if (first && !$('confirm').open) first.focus({ preventScroll: true });
  }
  game.wasMyTurn = mine;
}

// --- the rules --------------------------------------------------------------

function toggleRules() {
  const box = $('rules');
  const button = $('rules-button');
  box.hidden = !box.hidden;
  button.setAttribute('aria-expanded', String(!box.hidden));
  if (!box.hidden && !$('rules-text').textContent) {
    fetch('rules')
      .then((r) => (r.ok ? r.text() : 'This ruleset has no rules text.'))
      .then((t) => { $('rules-text').textContent = t; })
      .catch(() => { $('rules-text').textContent = 'The rules could not be loaded.'; });
  }
  if (!box.hidden) box.scrollIntoView();
}

// --- chat -----------------------------------------------------------------

// A line to the table; the server sends it back to every seat as text.
function sendChat() {
  const input = $('chat-text');
  // The server takes printable text only, at most 500 bytes.
  const text = input.value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (!text || new TextEncoder().encode(text).length > 500) return;
  if (send({ type: 'chat', text })) input.value = '';
}

$('chat-send').addEventListener('click', sendChat);
$('chat-text').addEventListener('keydown', (e) => {
  if (e.key === 'Enter') sendChat();
});
$('rules-button').addEventListener('click', toggleRules);
connect();
