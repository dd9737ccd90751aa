#include "net/client.hpp"

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

namespace ratify::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct Client::Impl {
  asio::io_context io;
  std::optional<asio::ssl::context> ssl;
  std::unique_ptr<websocket::stream<tcp::socket>> plain;
  std::unique_ptr<websocket::stream<beast::ssl_stream<tcp::socket>>> tls;
  beast::flat_buffer buf;
  bool open = false;
  // poll(): a read left pending between calls, and how it ended.
  bool reading = false, read_done = false;
  beast::error_code read_ec;
  // f on whichever stream the connection has.
  template <class F>
  auto with(F f) {
    return plain ? f(*plain) : f(*tls);
  }
  void connect_tls(const std::string& host, const std::string& port, const TlsTrust& trust);
};

// TLS that checks the server: its certificate must chain to the trusted
// file (or the system's roots) and name `host`.
void Client::Impl::connect_tls(const std::string& host, const std::string& port,
                               const TlsTrust& trust) {
  ssl.emplace(asio::ssl::context::tls_client);
  ssl->set_verify_mode(asio::ssl::verify_peer);
  if (trust.cert_file.empty())
    ssl->set_default_verify_paths();
  else
    ssl->load_verify_file(trust.cert_file);
  tls = std::make_unique<websocket::stream<beast::ssl_stream<tcp::socket>>>(io, *ssl);
  tcp::resolver resolver(io);
  asio::connect(beast::get_lowest_layer(*tls), resolver.resolve(host, port));
  boost::system::error_code ec;
  asio::ip::make_address(host, ec);
  if (ec)  // a name, not an address: say which site (SNI)
    SSL_set_tlsext_host_name(tls->next_layer().native_handle(), host.c_str());
  tls->next_layer().set_verify_callback(asio::ssl::host_name_verification(host));
  tls->next_layer().handshake(asio::ssl::stream_base::client);
}

Client::Client(const std::string& host, const std::string& port, std::optional<TlsTrust> tls)
    : impl_(std::make_unique<Impl>()) {
  try {
    if (tls) {
      impl_->connect_tls(host, port, *tls);
    } else {
      impl_->plain = std::make_unique<websocket::stream<tcp::socket>>(impl_->io);
      tcp::resolver resolver(impl_->io);
      asio::connect(impl_->plain->next_layer(), resolver.resolve(host, port));
    }
    impl_->with([&](auto& ws) {
      beast::get_lowest_layer(ws).set_option(tcp::no_delay(true));  // an act is one small write
      ws.read_message_max(64u << 20);                               // a view with a long log
      ws.handshake(host + ":" + port, "/");  // the token goes in hello, not in the URL
      ws.text(true);
    });
    impl_->open = true;
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot connect to " + host + ":" + port + ": " + e.what());
  }
}

Client::~Client() {
  close();
}

void Client::send(const nlohmann::json& j) {
  send_text(j.dump());
}

void Client::send_text(const std::string& text) {
  if (!impl_->open) return;
  beast::error_code ec;
  impl_->with([&](auto& ws) { ws.write(asio::buffer(text), ec); });
  if (ec) impl_->open = false;
}

std::optional<nlohmann::json> Client::receive(std::chrono::milliseconds timeout) {
  if (!impl_->open) return std::nullopt;
  beast::error_code ec;
  bool done = false;
  impl_->buf.consume(impl_->buf.size());
  impl_->with([&](auto& ws) {
    ws.async_read(impl_->buf, [&](beast::error_code e, size_t) {
      ec = e;
      done = true;
    });
  });
  impl_->io.restart();
  if (timeout.count() > 0)
    impl_->io.run_for(timeout);
  else
    impl_->io.run();
  if (!done) {
    beast::error_code ignored;
    impl_->with([&](auto& ws) { beast::get_lowest_layer(ws).close(ignored); });  // cancelled
    impl_->io.restart();
    impl_->io.run();
    impl_->open = false;
    return std::nullopt;
  }
  if (ec) {
    impl_->open = false;
    return std::nullopt;
  }
  try {
    return nlohmann::json::parse(beast::buffers_to_string(impl_->buf.data()));
  } catch (const std::exception&) {
    impl_->open = false;
    return std::nullopt;
  }
}

void Client::close() {
  if (!impl_->open) return;
  impl_->open = false;
  beast::error_code ec;
  impl_->with([&](auto& ws) { ws.close(websocket::close_code::normal, ec); });
}

bool Client::is_open() const {
  return impl_->open;
}

std::optional<nlohmann::json> Client::poll(std::chrono::milliseconds wait) {
  auto& m = *impl_;
  if (!m.open) return std::nullopt;
  if (!m.reading) {
    m.buf.consume(m.buf.size());
    m.reading = true;
    m.read_done = false;
    m.with([&](auto& ws) {
      ws.async_read(m.buf, [&m](beast::error_code e, size_t) {
        m.read_ec = e;
        m.read_done = true;
      });
    });
  }
  m.io.restart();
  m.io.run_for(wait);
  if (!m.read_done) return std::nullopt;  // still pending: the next call goes on with it
  m.reading = false;
  if (m.read_ec) {
    m.open = false;
    return std::nullopt;
  }
  try {
    return nlohmann::json::parse(beast::buffers_to_string(m.buf.data()));
  } catch (const std::exception&) {
    m.open = false;
    return std::nullopt;
  }
}

nlohmann::json hello_for(const Link& l) {
  auto j = message("hello");
  if (l.watch)
    j["watch"] = true;
  else
    j["token"] = l.token;
  if (!l.game.empty()) j["game"] = l.game;  // a lobby's watch link names its game
  return j;
}

}  // namespace ratify::net
