#include "net/client.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace ratify::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct Client::Impl {
  asio::io_context io;
  websocket::stream<tcp::socket> ws{io};
  beast::flat_buffer buf;
  bool open = false;
};

Client::Client(const std::string& host, const std::string& port) : impl_(std::make_unique<Impl>()) {
  try {
    tcp::resolver resolver(impl_->io);
    asio::connect(impl_->ws.next_layer(), resolver.resolve(host, port));
    impl_->ws.next_layer().set_option(tcp::no_delay(true));  // an act is one small write
    impl_->ws.read_message_max(64u << 20);                   // a view with a long log
    impl_->ws.handshake(host + ":" + port, "/");  // the token goes in hello, not in the URL
    impl_->ws.text(true);
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
  impl_->ws.write(asio::buffer(text), ec);
  if (ec) impl_->open = false;
}

std::optional<nlohmann::json> Client::receive(std::chrono::milliseconds timeout) {
  if (!impl_->open) return std::nullopt;
  beast::error_code ec;
  bool done = false;
  impl_->buf.consume(impl_->buf.size());
  impl_->ws.async_read(impl_->buf, [&](beast::error_code e, size_t) {
    ec = e;
    done = true;
  });
  impl_->io.restart();
  if (timeout.count() > 0)
    impl_->io.run_for(timeout);
  else
    impl_->io.run();
  if (!done) {
    beast::error_code ignored;
    impl_->ws.next_layer().close(ignored);  // the read ends, cancelled
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
  impl_->ws.close(websocket::close_code::normal, ec);
}

nlohmann::json hello_for(const Link& l) {
  auto j = message("hello");
  if (l.watch)
    j["watch"] = true;
  else
    j["token"] = l.token;
  return j;
}

}  // namespace ratify::net
