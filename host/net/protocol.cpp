#include "net/protocol.hpp"

#include <openssl/sha.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/replay.hpp"
#include "core/table.hpp"
#include "core/utf8.hpp"
#include "engine/state.hpp"

namespace ratify::net {

namespace {

ReadError bad_shape(std::string text) {
  return {"bad_shape", std::move(text)};
}

// Only the keys a message type has: a misspelt field is an error, not a
// silently missing one.
std::optional<ReadError> only_keys(const nlohmann::json& j, std::set<std::string> allowed) {
  allowed.insert({"v", "type"});
  for (const auto& [key, value] : j.items())
    if (!allowed.count(key)) return bad_shape("unknown field \"" + key + "\"");
  return std::nullopt;
}

std::optional<int64_t> whole_number(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) return std::nullopt;
  if (it->is_number_unsigned()) {
    auto u = it->get<uint64_t>();
    if (u > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  if (it->is_number_integer()) return it->get<int64_t>();
  return std::nullopt;
}

bool printable(std::string_view s) {
  for (unsigned char ch : s)
    if (ch < 0x20 || ch == 0x7f) return false;
  return true;
}

// A lobby game's id: lowercase hex digits.
bool game_id(const nlohmann::json& j, std::string& out) {
  if (!j.is_string()) return false;
  out = j.get<std::string>();
  return !out.empty() && out.size() <= kMaxGameId &&
         out.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// A ruleset, variant or bot spec: a short name, never a path.
bool plain_name(const nlohmann::json& j, std::string& out, const char* also = "") {
  if (!j.is_string()) return false;
  out = j.get<std::string>();
  std::string allowed = std::string("abcdefghijklmnopqrstuvwxyz0123456789_-") + also;
  return !out.empty() && out.size() <= kMaxName &&
         out.find_first_not_of(allowed) == std::string::npos;
}

std::variant<ClientMessage, ReadError> read_hello(const nlohmann::json& j) {
  if (auto e = only_keys(j, {"token", "watch", "game"})) return *e;
  Hello h;
  if (auto it = j.find("game"); it != j.end() && !game_id(*it, h.game))
    return bad_shape("\"game\" is at most 16 lowercase hex digits");
  if (auto it = j.find("watch"); it != j.end()) {
    if (!it->is_boolean()) return bad_shape("\"watch\" is true or false");
    h.watch = it->get<bool>();
  }
  if (auto it = j.find("token"); it != j.end()) {
    if (!it->is_string()) return bad_shape("\"token\" is a string");
    h.token = it->get<std::string>();
    if (h.token.size() > kMaxToken ||
        h.token.find_first_not_of("0123456789abcdef") != std::string::npos)
      return bad_shape("\"token\" is at most 64 lowercase hex digits");
  }
  if (h.watch == !h.token.empty()) return bad_shape("hello names a token or asks to watch");
  return ClientMessage{h};
}

std::variant<ClientMessage, ReadError> read_act(const nlohmann::json& j) {
  if (auto e = only_keys(j, {"id", "seq"})) return *e;
  auto id = whole_number(j, "id");
  auto seq = whole_number(j, "seq");
  if (!id || !seq || *id < 0 || *seq < 0)
    return bad_shape("act has \"id\" and \"seq\", whole numbers from 0");
  return ClientMessage{Act{*id, *seq}};
}

std::variant<ClientMessage, ReadError> read_chat(const nlohmann::json& j) {
  if (auto e = only_keys(j, {"text"})) return *e;
  auto it = j.find("text");
  if (it == j.end() || !it->is_string()) return bad_shape("chat has a \"text\" string");
  std::string text = it->get<std::string>();
  if (text.empty() || text.size() > kMaxChatText || !printable(text))
    return bad_shape("a chat line is 1 to 500 bytes of text without control characters");
  return ClientMessage{Chat{std::move(text)}};
}

std::variant<ClientMessage, ReadError> read_create(const nlohmann::json& j) {
  if (auto e = only_keys(j, {"ruleset", "variant", "seats", "options", "undo"})) return *e;
  Create c;
  if (auto it = j.find("undo"); it != j.end()) {
    if (!it->is_boolean()) return bad_shape("\"undo\" is true or false");
    c.undo = it->get<bool>();
  }
  auto it = j.find("ruleset");
  if (it == j.end() || !plain_name(*it, c.ruleset))
    return bad_shape("\"ruleset\" is a ruleset id (lowercase letters, digits, _ and -)");
  if (it = j.find("variant"); it != j.end() && !plain_name(*it, c.variant))
    return bad_shape("\"variant\" is a variant id (lowercase letters, digits, _ and -)");
  it = j.find("seats");
  if (it == j.end() || !it->is_array() || it->empty() || it->size() > kMaxSeats)
    return bad_shape("\"seats\" lists 1 to 8 seats");
  for (const auto& seat : *it) {
    std::string spec;
    if (!plain_name(seat, spec, ":=.,")) return bad_shape("a seat is \"human\" or a bot's name");
    c.seats.push_back(std::move(spec));
  }
  if (it = j.find("options"); it != j.end()) {
    if (!it->is_object() || it->size() > kMaxOptions)
      return bad_shape("\"options\" is an object of at most 32 options");
    for (const auto& [key, value] : it->items()) {
      std::string text = value.is_string() ? value.get<std::string>() : value.dump();
      if (key.empty() || key.size() > kMaxName || !printable(key) || key.find('=') != key.npos ||
          value.is_structured() || value.is_null() || text.size() > kMaxName || !printable(text))
        return bad_shape("an option is a name and a short value (text, number or true/false)");
      c.options.push_back(key + "=" + text);
    }
  }
  return ClientMessage{std::move(c)};
}

std::variant<ClientMessage, ReadError> read_join(const nlohmann::json& j) {
  if (auto e = only_keys(j, {"game", "seat"})) return *e;
  Join m;
  auto it = j.find("game");
  if (it == j.end() || !game_id(*it, m.game))
    return bad_shape("join names a \"game\" (at most 16 lowercase hex digits)");
  if (j.contains("seat")) {
    auto seat = whole_number(j, "seat");
    if (!seat || *seat < 1 || *seat > static_cast<int64_t>(kMaxSeats))
      return bad_shape("\"seat\" is a seat number from 1");
    m.seat = static_cast<int>(*seat);
  }
  return ClientMessage{std::move(m)};
}

}  // namespace

std::variant<ClientMessage, ReadError> read_client_message(std::string_view text) {
  if (text.size() > kMaxClientMessage)
    return ReadError{"too_big", "a message is at most 4096 bytes"};
  if (!core::valid_utf8(text)) return ReadError{"not_utf8", "a message is UTF-8 text"};
  nlohmann::json j;
  try {
    core::check_json_depth(text, 8);
    j = nlohmann::json::parse(text);
  } catch (const std::exception&) {
    return ReadError{"not_json", "a message is one JSON object"};
  }
  if (!j.is_object()) return bad_shape("a message is a JSON object");
  auto v = whole_number(j, "v");
  if (!v || *v != kProtocolVersion)
    return ReadError{"bad_version", "this server speaks protocol version 1 (\"v\": 1)"};
  auto type = j.find("type");
  if (type == j.end() || !type->is_string()) return bad_shape("a message has a \"type\" string");
  const auto& t = type->get_ref<const std::string&>();
  if (t == "hello") return read_hello(j);
  if (t == "act") return read_act(j);
  if (t == "chat") return read_chat(j);
  if (t == "resync") {
    if (auto e = only_keys(j, {})) return *e;
    return ClientMessage{Resync{}};
  }
  if (t == "list") {
    if (auto e = only_keys(j, {})) return *e;
    return ClientMessage{List{}};
  }
  if (t == "create") return read_create(j);
  if (t == "undo") {
    if (auto e = only_keys(j, {})) return *e;
    return ClientMessage{Undo{}};
  }
  if (t == "undo_answer") {
    if (auto e = only_keys(j, {"accept"})) return *e;
    auto it = j.find("accept");
    if (it == j.end() || !it->is_boolean())
      return bad_shape("undo_answer has \"accept\": true or false");
    return ClientMessage{UndoAnswer{it->get<bool>()}};
  }
  if (t == "join") return read_join(j);
  return bad_shape("unknown message type");
}

nlohmann::json message(std::string_view type) {
  return {{"v", kProtocolVersion}, {"type", type}};
}

nlohmann::json error_message(std::string_view code, std::string_view text) {
  auto j = message("error");
  j["code"] = code;
  j["message"] = text;
  return j;
}

nlohmann::json seat_view_json(const engine::View& v) {
  return engine::to_json(v);  // the engine's view already offers only cards the seat sees
}

namespace {

// JSON text, written as nlohmann::json dumps it (its escapes, UTF-8 only).
void put_string(std::string& out, std::string_view s) {
  if (!core::valid_utf8(s)) throw std::runtime_error("a view's text is not UTF-8");
  out += '"';
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

void put_key(std::string& out, std::string_view key) {
  out += '"';
  out += key;  // the writer's own keys: plain ASCII
  out += "\":";
}

template <class T, class Put>
void put_list(std::string& out, const std::vector<T>& items, Put put) {
  out += '[';
  for (size_t k = 0; k < items.size(); ++k) {
    if (k) out += ',';
    put(items[k]);
  }
  out += ']';
}

void put_strings(std::string& out, const std::vector<std::string>& items) {
  put_list(out, items, [&](const std::string& s) { put_string(out, s); });
}

void put_ints(std::string& out, const std::vector<int>& items) {
  put_list(out, items, [&](int x) { out += std::to_string(x); });
}

// A card as engine::to_json writes it: a back is null, a glimpse its face.
void put_card(std::string& out, const engine::CardView& c) {
  if (c.glimpsed) {
    out += "{\"glimpse\":" + std::to_string(c.def) + "}";
  } else if (!c.face_up) {
    out += "null";
  } else {
    out += "{\"def\":" + std::to_string(c.def) + ",\"id\":" + std::to_string(c.id) + "}";
  }
}

void put_zone(std::string& out, const engine::ZoneView& z) {
  out += "{\"cards\":";
  put_list(out, z.cards, [&](const engine::CardView& c) { put_card(out, c); });
  out += ",\"kind\":";
  put_string(out, z.kind);
  out += ",\"label\":";
  put_string(out, z.label);
  out += ",\"name\":";
  put_string(out, z.name);
  out += ",\"owner\":" + std::to_string(z.owner) + ",\"visibility\":";
  put_string(out, core::to_string(z.visibility));
  out += '}';
}

void put_action(std::string& out, const engine::ActionView& a) {
  const engine::Action& x = a.action;
  auto flag = [](bool b) { return b ? "true" : "false"; };
  out += "{\"auto\":";
  out += flag(x.auto_play);
  out += ",\"cards\":";
  put_ints(out, x.cards);
  out += ",\"ends_turn\":";
  out += flag(x.ends_turn);
  out += ",\"index\":" + std::to_string(a.index) + ",\"label\":";
  put_string(out, x.label);
  out += ",\"risky\":";
  out += flag(x.risky);
  out += ",\"target\":" + std::to_string(x.target) + ",\"warning\":";
  put_string(out, x.warning);
  out += ",\"zone\":";
  put_string(out, x.zone);
  out += '}';
}

}  // namespace

std::string view_message(const engine::View& v, int64_t seq, size_t log_from) {
  std::string out;
  out.reserve(4096);
  out += "{\"log_from\":" + std::to_string(log_from) + ",\"seq\":" + std::to_string(seq) +
         ",\"type\":\"view\",\"v\":" + std::to_string(kProtocolVersion) + ",\"view\":{";
  put_key(out, "actions");
  put_list(out, v.actions, [&](const engine::ActionView& a) { put_action(out, a); });
  out += ",\"actor\":" + std::to_string(v.actor) + ",";
  put_key(out, "log");
  put_strings(out, v.log);
  if (v.result) {
    out += ",\"result\":{\"scores\":" + nlohmann::json(v.result->scores).dump() + ",\"text\":";
    put_string(out, v.result->text);
    out += ",\"winners\":";
    put_ints(out, v.result->winners);
    out += '}';
  }
  out += ",\"seat\":" + std::to_string(v.seat) + ",";
  put_key(out, "shared_status");
  put_strings(out, v.shared_status);
  out += ',';
  put_key(out, "state");
  out += v.state.dump();
  out += ',';
  put_key(out, "status");
  put_list(out, v.status, [&](const std::vector<std::string>& lines) { put_strings(out, lines); });
  out += ',';
  put_key(out, "zones");
  put_list(out, v.zones, [&](const engine::ZoneView& z) { put_zone(out, z); });
  out += "}}";
  return out;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  std::string out;
  char buf[3];
  for (unsigned char b : digest) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    out += buf;
  }
  return out;
}

std::string ruleset_hash(const std::filesystem::path& dir, const std::filesystem::path& variant) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, fs::path>> files;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator();
       ++it) {
    if (it->is_directory() && it.depth() == 0 && it->path().filename() == "tests") {
      it.disable_recursion_pending();  // a ruleset's tests change none of its rules
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".lua")
      files.emplace_back(fs::relative(it->path(), dir).generic_string(), it->path());
  }
  std::sort(files.begin(), files.end());
  if (!variant.empty() && !fs::equivalent(variant.parent_path(), dir / "variants"))
    files.emplace_back("variant:" + variant.filename().string(), variant);
  std::string all;
  for (const auto& [name, path] : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream read;
    read << in.rdbuf();
    std::string text = read.str();
    all += name + "\n" + std::to_string(text.size()) + "\n" + text;
  }
  return sha256_hex(all);
}

std::string seed_commitment(uint64_t seed, const std::string& nonce) {
  return sha256_hex("ratify-seed-v1:" + std::to_string(seed) + ":" + nonce);
}

std::string network_replay(const core::Replay& r, const std::string& commitment,
                           const std::string& nonce) {
  auto header = core::header_json(r.header);
  header["network"] = {{"commitment", commitment}};
  if (!nonce.empty()) header["network"]["nonce"] = nonce;
  std::string out = header.dump() + "\n";
  for (const auto& s : r.steps) out += core::step_json(s).dump() + "\n";
  return out;
}

std::string check_seed_reveal(const nlohmann::json& header, const std::string& published) {
  auto net = header.find("network");
  if (net == header.end() || !net->is_object() || !net->contains("commitment"))
    return "it carries no seed commitment (it is not the replay of a network game)";
  if (!header.contains("seed") || !header["seed"].is_number_unsigned())
    return "its seed is not a whole number";
  std::string commitment = net->value("commitment", "");
  if (!published.empty() && commitment != published)
    return "its seed commitment " + commitment + " is not the one published, " + published;
  std::string nonce = net->value("nonce", "");
  if (nonce.empty()) return "the seed is not revealed (no nonce: the game was not over)";
  auto seed = header["seed"].get<uint64_t>();
  if (seed_commitment(seed, nonce) != commitment)
    return "seed " + std::to_string(seed) + " with nonce " + nonce +
           " does not match the seed commitment " + commitment +
           ": the seed or the nonce was changed after the game started";
  return "";
}

std::string random_hex(int bytes) {
  std::random_device dev;  // the system's source (getrandom), not a PRNG
  std::string out;
  char buf[3];
  for (int i = 0; i < bytes; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned>(dev() & 0xff));
    out += buf;
  }
  return out;
}

std::optional<Link> parse_link(const std::string& link) {
  bool tls = link.rfind("wss://", 0) == 0;
  if (!tls && link.rfind("ws://", 0) != 0) return std::nullopt;
  std::string rest = link.substr(tls ? 6 : 5);
  size_t slash = rest.find('/');
  std::string hostport = rest.substr(0, slash);
  std::string query = slash == std::string::npos ? "" : rest.substr(slash + 1);
  size_t colon = hostport.rfind(':');
  if (colon == std::string::npos || colon == 0) return std::nullopt;
  Link l;
  l.tls = tls;
  l.host = hostport.substr(0, colon);
  l.port = hostport.substr(colon + 1);
  if (l.port.empty() || l.port.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  if (!query.empty() && query[0] == '?') query.erase(0, 1);
  size_t start = 0;
  while (start <= query.size()) {
    size_t amp = query.find('&', start);
    std::string part =
        query.substr(start, amp == std::string::npos ? std::string::npos : amp - start);
    size_t eq = part.find('=');
    std::string key = part.substr(0, eq),
                value = eq == std::string::npos ? "" : part.substr(eq + 1);
    if (key == "watch") l.watch = true;
    if (key == "token") l.token = value;
    if (key == "game" && !value.empty() && value.size() <= kMaxGameId &&
        value.find_first_not_of("0123456789abcdef") == std::string::npos)
      l.game = value;
    if (key == "seat" && !value.empty() && value.size() < 4 &&
        value.find_first_not_of("0123456789") == std::string::npos)
      l.seat = std::stoi(value);
    if (amp == std::string::npos) break;
    start = amp + 1;
  }
  if (!l.watch && l.token.empty()) return std::nullopt;
  return l;
}

std::string seat_link(const std::string& host, int port, int seat, const std::string& token,
                      bool tls) {
  return (tls ? "wss://" : "ws://") + host + ":" + std::to_string(port) +
         "/?seat=" + std::to_string(seat) + "&token=" + token;
}

std::string watch_link(const std::string& host, int port, bool tls, const std::string& game) {
  return (tls ? "wss://" : "ws://") + host + ":" + std::to_string(port) + "/?" +
         (game.empty() ? "" : "game=" + game + "&") + "watch";
}

std::optional<Link> parse_lobby_link(const std::string& link) {
  // A seat or watch link parses as it is; a bare one gets a placeholder.
  if (auto l = parse_link(link)) return l;
  size_t scheme = link.find("://");
  if (scheme == std::string::npos) return std::nullopt;
  std::string probe = link;
  if (probe.find('/', scheme + 3) == std::string::npos) probe += "/";
  probe += (probe.find('?') == std::string::npos ? "?" : "&") + std::string("watch");
  auto l = parse_link(probe);
  if (l) l->watch = false;
  return l;
}

}  // namespace ratify::net
