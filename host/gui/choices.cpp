#include "gui/choices.hpp"

#include <algorithm>

namespace ratify::gui {

namespace {

// How long a typed digit waits for a second one ("1" could begin "12").
constexpr uint64_t kDigitWaitMs = 700;

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

// The list's order, the End-turn action and the risky ones, as the
// engine decoded them (engine::Action).
const Choices::Order& Choices::order(const SeatView& seat) {
  if (order_.serial == seat.serial()) return order_;
  Order o;
  o.serial = seat.serial();
  const auto& acts = seat.actions();
  int n = 0;
  for (const auto& a : acts) n = std::max(n, a.index + 1);
  o.warnings.assign(n, "");
  o.risky.assign(n, false);
  std::vector<int> safe, risky;
  for (const auto& av : acts) {
    int i = av.index;
    const auto& a = av.action;
    o.risky[i] = a.risky;
    o.warnings[i] = a.warning;
    if (a.ends_turn && o.end_turn < 0 && !a.risky)
      o.end_turn = i;
    else
      (a.risky ? risky : safe).push_back(i);
  }
  o.list = safe;
  o.list.insert(o.list.end(), risky.begin(), risky.end());
  order_ = std::move(o);
  return order_;
}

std::vector<int> Choices::with_card(const SeatView& seat, int card) {
  std::vector<int> out;
  for (const auto& a : seat.actions())
    if (card && contains(a.action.cards, card)) out.push_back(a.index);
  return out;
}

std::vector<int> Choices::with_zone(const SeatView& seat, const std::string& zone) {
  std::vector<int> out;
  for (const auto& a : seat.actions())
    if (!zone.empty() && a.action.zone == zone) out.push_back(a.index);
  return out;
}

void Choices::forget() {
  order_ = {};
  menu.reset();
  selected = 0;
  digits_.clear();
}

bool Choices::type(int digit, size_t rows, uint64_t now) {
  digits_ += static_cast<char>('0' + digit);
  digits_at_ = now;
  long v = std::stol(digits_);
  return v * 10 > static_cast<long>(rows);
}

bool Choices::waited(uint64_t now) const {
  return !digits_.empty() && now - digits_at_ > kDigitWaitMs;
}

long Choices::take() {
  if (digits_.empty()) return 0;
  long v = std::stol(digits_);
  digits_.clear();
  return v;
}

}  // namespace ratify::gui
