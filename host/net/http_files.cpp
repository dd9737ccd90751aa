#include "net/http_files.hpp"

#include <algorithm>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <system_error>

namespace ratify::net {

namespace fs = std::filesystem;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

// A card image or the page is small; anything bigger is not ours.
constexpr std::uintmax_t kMaxFile = 4 << 20;

// Plain names only: letters, digits, '-', '_', '.', one '/' between them,
// no part starting with '.' (no "..", no hidden files).
bool plain_path(const std::string& p) {
  if (p.empty() || p.size() > 200 || p.front() == '/' || p.back() == '/') return false;
  char prev = '/';
  for (char c : p) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.' || c == '/';
    if (!ok || (prev == '/' && (c == '.' || c == '/'))) return false;
    prev = c;
  }
  return true;
}

std::string extension(const std::string& p) {
  size_t dot = p.rfind('.');
  return dot == std::string::npos ? "" : p.substr(dot + 1);
}

std::string image_type(const std::string& ext) {
  if (ext == "png") return "image/png";
  if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
  if (ext == "webp") return "image/webp";
  if (ext == "gif") return "image/gif";
  return "";
}

// The file `rel` under `root`, read whole, if it really lies there (a
// symbolic link out of the root is refused like "..").
std::optional<std::string> read_under(const fs::path& root, const std::string& rel) {
  std::error_code ec;
  fs::path base = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  fs::path file = fs::canonical(base / rel, ec);
  if (ec || !fs::is_regular_file(file, ec)) return std::nullopt;
  auto [end, _] = std::mismatch(base.begin(), base.end(), file.begin(), file.end());
  if (end != base.end()) return std::nullopt;
  if (fs::file_size(file, ec) > kMaxFile || ec) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  if (!in) return std::nullopt;
  return s.str();
}

HttpReply found(std::string type, std::string body) {
  return {200, std::move(type), std::move(body)};
}

}  // namespace

std::string content_security_policy() {
  // Scripts, styles and images from this server only, never inline; the
  // socket back to it; no frames, forms or base tricks.
  return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
         "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
}

HttpReply http_reply(const std::string& method, const std::string& target, const WebRoots& roots) {
  if (method != "GET") return {405, "text/plain; charset=utf-8", "GET only\n"};
  std::string path = target.substr(0, target.find('?'));
  if (path == "/" || path == "/seat.html") {
    if (auto body = read_under(roots.page, "seat.html"))
      return found("text/html; charset=utf-8", *body);
    return {500, "text/plain; charset=utf-8", "the page is not installed (assets/web)\n"};
  }
  if (path == "/seat.css" || path == "/seat.js") {
    if (auto body = read_under(roots.page, path.substr(1)))
      return found(path.back() == 's' && path[path.size() - 2] == 'j'
                       ? "text/javascript; charset=utf-8"
                       : "text/css; charset=utf-8",
                   *body);
  }
  if (path == "/rules") {
    // The ruleset's player-facing rules (HOW_TO_PLAY.md, as F1 and the
    // text UI show them; the designer's README where it has none), as text.
    for (const char* file : {"HOW_TO_PLAY.md", "README.md"})
      if (auto body = read_under(roots.ruleset, file))
        return found("text/plain; charset=utf-8", *body);
  }
  for (auto [prefix, root] : {std::pair{std::string("/ruleset/"), &roots.ruleset},
                              std::pair{std::string("/assets/"), &roots.assets}}) {
    if (path.rfind(prefix, 0) != 0) continue;
    std::string rel = path.substr(prefix.size());
    std::string type = image_type(extension(rel));
    if (type.empty() || !plain_path(rel)) break;
    if (auto body = read_under(*root, rel)) return found(type, *body);
  }
  return {404, "text/plain; charset=utf-8", "not found\n"};
}

namespace {

template <class Stream>
void answer(Stream& stream, const http::request<http::string_body>& req, const WebRoots& roots,
            std::function<void()> done) {
  HttpReply r = http_reply(std::string(req.method_string()), std::string(req.target()), roots);
  auto res = std::make_shared<http::response<http::string_body>>(
      static_cast<http::status>(r.status), req.version());
  res->set(http::field::server, "ratify");
  res->set(http::field::content_type, r.type);
  res->set(http::field::cache_control, "no-store");
  res->set("Content-Security-Policy", content_security_policy());
  res->set("X-Content-Type-Options", "nosniff");
  // The link holds the seat's token: no page it leads to may learn it.
  res->set("Referrer-Policy", "no-referrer");
  res->keep_alive(false);
  res->body() = std::move(r.body);
  res->prepare_payload();
  http::async_write(stream, *res,
                    [&stream, res, done = std::move(done)](beast::error_code, size_t) {
                      beast::error_code ec;
                      beast::get_lowest_layer(stream).socket().shutdown(
                          boost::asio::ip::tcp::socket::shutdown_send, ec);
                      done();
                    });
}

}  // namespace

void serve_http(beast::tcp_stream& stream, const http::request<http::string_body>& req,
                const WebRoots& roots, std::function<void()> done) {
  answer(stream, req, roots, std::move(done));
}

void serve_http(beast::ssl_stream<beast::tcp_stream>& stream,
                const http::request<http::string_body>& req, const WebRoots& roots,
                std::function<void()> done) {
  answer(stream, req, roots, std::move(done));
}

}  // namespace ratify::net
