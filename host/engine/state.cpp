#include "engine/state.hpp"

#include "lua/lint.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"

namespace ratify::engine {

namespace {

// An action as `seat` is offered it: its cards are only those the seat
// sees. A card id follows a card wherever it goes, so an action naming a
// face-down card (Captured's pick from a face-down deck) would tell the
// seat where that card lies and let it follow the card afterwards.
Action offered(Action a, const core::Table& t, int seat) {
  std::erase_if(a.cards, [&](int c) { return !t.sees(seat, c); });
  return a;
}

// The cards `seat` saw turned face up and down again in the last move and
// knows still (a shuffle since makes a card anonymous again), by card id.
// Bit 0 stands for everyone: an onlooker saw only what all were shown.
std::vector<bool> glimpsed_by(const core::Table& t, int seat) {
  std::vector<bool> out;
  uint32_t bit = 1u << seat;
  for (const auto& g : t.glimpses())
    if ((g.saw & bit) && (t.remembered_mask(g.card) & bit)) {
      out.resize(t.ncards() + 1);
      out[g.card] = true;
    }
  return out;
}

bool ending_kind(const std::string& kind) {
  return kind == "end_turn" || kind == "end" || kind == "pass";
}

// The presentation fields of an action, read from its plain data.
void decode_presentation(const nlohmann::json& a, Action& out) {
  if (!a.is_object()) return;
  if (auto e = a.find("ends_turn"); e != a.end())
    out.ends_turn = e->is_boolean() && e->get<bool>();
  else if (auto k = a.find("kind"); k != a.end() && k->is_string())
    out.ends_turn = ending_kind(k->get<std::string>());
  if (auto r = a.find("risky"); r != a.end()) {
    out.risky = (r->is_boolean() && r->get<bool>()) || r->is_string();
    if (r->is_string()) out.warning = r->get<std::string>();
  }
  if (auto f = a.find("auto"); f != a.end()) out.auto_play = f->is_boolean() && f->get<bool>();
}

}  // namespace

bool presentation_field(std::string_view key) {
  return key == "label" || key == "ends_turn" || key == "risky" || key == "auto";
}

nlohmann::json identity_of(nlohmann::json action) {
  if (!action.is_object()) return action;
  for (auto it = action.begin(); it != action.end();)
    it = presentation_field(it.key()) ? action.erase(it) : std::next(it);
  return action;
}

Mark::Mark() = default;
Mark::Mark(Mark&&) noexcept = default;
Mark& Mark::operator=(Mark&&) noexcept = default;
Mark::~Mark() = default;

State::State(std::unique_ptr<lua::Match> m) : m_(std::move(m)) {}
State::~State() = default;

int State::players() const {
  return m_->players();
}
uint64_t State::seed() const {
  return m_->seed();
}
const core::OptionValues& State::options() const {
  return m_->options();
}
const RulesetMeta& State::meta() const {
  return m_->rules().meta();
}
const std::vector<core::CardDef>& State::card_defs() const {
  return m_->table().defs();
}
const core::Table& State::table() const {
  return m_->table();
}

int State::actor() {
  return m_->actor();
}
int State::action_count() {
  return m_->action_count();
}

Action State::action(int i) {
  lua::ActionInfo info = m_->action_info(i);
  Action a;
  a.label = std::move(info.label);
  a.cards = std::move(info.cards);
  a.target = info.target;
  a.zone = std::move(info.zone);
  decode_presentation(m_->action_json(i), a);
  return a;
}

nlohmann::json State::action_fields(int i) {
  return m_->action_json(i);
}
std::vector<int> State::action_cards(int i) {
  return m_->action_cards(i);
}
void State::note_cards(bool on) {
  m_->set_note_cards(on);
}
const std::vector<int>& State::applied_cards() const {
  return m_->applied_cards();
}
const std::vector<int64_t>& State::hooks_run() const {
  return m_->hooks_run();
}
std::vector<uint64_t> State::action_keys() {
  return m_->action_keys();
}

int State::find_action(const nlohmann::json& fields) {
  nlohmann::json want = identity_of(fields);
  for (int i = 0, n = action_count(); i < n; ++i)
    if (identity_of(m_->action_json(i)) == want) return i;
  return -1;
}

void State::apply(int i) {
  m_->forget_glimpses();
  m_->apply(i);
}
void State::apply_scratch(int i) {
  m_->forget_glimpses();
  m_->apply_untracked(i);
  ++scratch_applies_;
}

std::optional<Result> State::result() {
  if (m_->actor() != 0) return std::nullopt;
  auto r = m_->result();
  if (!r) throw ScriptError(meta().id + ": the game has no actor but result(g) is nil");
  return r;
}

bool State::result_said() {
  return m_->result().has_value();
}

std::string State::no_action_message(int actor) {
  return lua::no_action_message(m_->rules(), actor);
}

Mark State::mark(int restores) {
  Mark k;
  k.s_ = std::make_unique<lua::Snapshot>(m_->snapshot(restores));
  return k;
}
std::pair<uint64_t, uint64_t> State::rng_position() {
  const auto& r = m_->rng();
  return {r.state(), r.increment()};
}
void State::restore(const Mark& k) {
  if (!k.s_) throw ScriptError("an empty mark");
  m_->restore(*k.s_);
}

uint64_t State::hash(bool by_definition) {
  return m_->hash(by_definition);
}
nlohmann::json State::save(bool with_log) {
  return m_->save(with_log);
}
void State::load(const nlohmann::json& j) {
  m_->load(j);
}
const std::vector<std::string>& State::log() const {
  return m_->log();
}
std::vector<std::string> State::log_for(int seat) const {
  return m_->log_for(seat);
}
const std::vector<uint32_t>& State::log_to() const {
  return m_->log_to();
}
bool State::logging() const {
  return m_->logging();
}
void State::add_log(std::string line) {
  if (m_->charge_log(line.size())) m_->add_log(std::move(line));
}

std::vector<std::string> State::status(int seat) {
  return m_->status(seat);
}
bool State::has_heuristic() const {
  return m_->has_heuristic();
}
double State::heuristic(int seat) {
  return m_->heuristic(seat);
}
std::vector<double> State::heuristics() {
  return m_->heuristics();
}
std::vector<double> State::standings() {
  return m_->standings();
}
std::vector<std::pair<std::string, double>> State::stats() {
  return m_->stats();
}

View State::view(int seat) {
  return view_like(seat, nullptr);
}

std::vector<View> State::views(const std::vector<int>& seats) {
  std::vector<View> out;
  out.reserve(seats.size());
  for (int seat : seats) out.push_back(view_like(seat, out.empty() ? nullptr : &out.front()));
  return out;
}

// The view of `seat`, taking from `like` (another seat's view of this
// moment, or null) what is the same for every seat.
View State::view_like(int seat, const View* like) {
  View v;
  v.seat = seat;
  const auto& t = m_->table();
  std::vector<bool> glimpsed = glimpsed_by(t, seat);
  for (const auto& z : t.zones()) {
    if (z.kind == "box") continue;  // outside the game
    ZoneView zv{z.name, z.kind, z.label, z.owner, z.visibility, {}};
    for (int c : z.cards) {
      bool up = seat ? t.sees(seat, c)
                     : (z.visibility == core::Visibility::All ||
                        (z.visibility == core::Visibility::Top && c == z.cards.back()) ||
                        (t.known_mask(c) == 0xffffffffu));
      zv.cards.push_back({up ? c : 0, up, up ? t.def_index(c) : -1});
      if (!up && c < static_cast<int>(glimpsed.size()) && glimpsed[c])
        zv.cards.back() = {0, false, t.def_index(c), true};
    }
    v.zones.push_back(std::move(zv));
  }
  if (like) {
    v.status = like->status;
    v.shared_status = like->shared_status;
  } else {
    for (int p = 1; p <= players(); ++p) v.status.push_back(m_->status(p));
    v.shared_status = m_->shared_status();
  }
  bool same_state = !meta().has_view && meta().secrets.empty();
  v.state = like && same_state ? like->state : m_->state_view(seat);
  v.log = m_->log_for(seat);
  v.actor = m_->actor();
  if (v.actor == 0) {
    v.result = result();
  } else if (v.actor == seat) {
    for (int i = 0, n = action_count(); i < n; ++i)
      v.actions.push_back({i, offered(action(i), t, seat)});
  }
  return v;
}

void State::world_for(int seat, core::Rng& rng) {
  m_->determinize(seat, rng);
}

uint64_t State::observation(int seat) {
  return m_->observation(seat);
}

int State::strategy_choice(const std::string& bot, int seat) {
  return m_->choose_by(m_->rules().strategy_ref(bot), seat, bot);
}

void State::set_profile(CallProfile* p) {
  m_->set_profile(p);
}
void State::sample_lines(core::LineProfile* p) {
  m_->sample_lines(p);
}
bool State::actions_have_labels() {
  return m_->actions_have_labels();
}

namespace {
nlohmann::json card_json(const CardView& c) {
  if (c.glimpsed) return {{"glimpse", c.def}};  // what it showed, no id to follow
  if (!c.face_up) return nullptr;               // a back: nothing to follow it by
  return {{"id", c.id}, {"def", c.def}};
}
}  // namespace

nlohmann::json to_json(const View& v) {
  nlohmann::json j = {{"seat", v.seat}, {"actor", v.actor}};
  nlohmann::json zones = nlohmann::json::array();
  for (const auto& z : v.zones) {
    nlohmann::json cards = nlohmann::json::array();
    for (const auto& c : z.cards) cards.push_back(card_json(c));
    zones.push_back({{"name", z.name},
                     {"kind", z.kind},
                     {"label", z.label},
                     {"owner", z.owner},
                     {"visibility", core::to_string(z.visibility)},
                     {"cards", std::move(cards)}});
  }
  j["zones"] = std::move(zones);
  j["status"] = v.status;
  j["shared_status"] = v.shared_status;
  j["state"] = v.state;
  j["log"] = v.log;
  nlohmann::json acts = nlohmann::json::array();
  for (const auto& a : v.actions) {
    acts.push_back({{"index", a.index},
                    {"label", a.action.label},
                    {"cards", a.action.cards},
                    {"target", a.action.target},
                    {"zone", a.action.zone},
                    {"ends_turn", a.action.ends_turn},
                    {"risky", a.action.risky},
                    {"warning", a.action.warning},
                    {"auto", a.action.auto_play}});
  }
  j["actions"] = std::move(acts);
  if (v.result)
    j["result"] = {
        {"winners", v.result->winners}, {"scores", v.result->scores}, {"text", v.result->text}};
  return j;
}

}  // namespace ratify::engine
