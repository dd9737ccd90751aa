#pragma once
// The browser seat's files over plain HTTP, on the game's own port
// (docs/browser.md): the page from assets/web, card images from the
// ruleset's folder and assets/, and the ruleset's rules as text. Nothing
// else is served: a path is a few plain names, never "..", and must lie
// under its root once links are resolved. Every answer carries a strict
// Content-Security-Policy, so nothing a rule writes is ever run.
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <filesystem>
#include <functional>
#include <string>

namespace ratify::net {

struct WebRoots {
  std::filesystem::path page;     // assets/web
  std::filesystem::path assets;   // assets/
  std::filesystem::path ruleset;  // the ruleset's folder
};

struct HttpReply {
  int status = 404;
  std::string type = "text/plain; charset=utf-8";
  std::string body;
};

// What a GET of `target` (path and query) answers; pure, for the tests.
HttpReply http_reply(const std::string& method, const std::string& target, const WebRoots& roots);

// The policy sent with every reply.
std::string content_security_policy();

// Answers one request on `stream` (plain, or TLS), then closes it and
// calls `done`.
void serve_http(boost::beast::tcp_stream& stream,
                const boost::beast::http::request<boost::beast::http::string_body>& req,
                const WebRoots& roots, std::function<void()> done);
void serve_http(boost::beast::ssl_stream<boost::beast::tcp_stream>& stream,
                const boost::beast::http::request<boost::beast::http::string_body>& req,
                const WebRoots& roots, std::function<void()> done);

}  // namespace ratify::net
