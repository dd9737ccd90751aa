#pragma once
// A deep copy of plain data, planned once (plain_data.cpp). Declared apart
// from lua/internal.hpp so that a snapshot (lua/match.hpp) can hold one
// without lua.h.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

struct lua_State;

namespace ratify::lua {

// The same copy written down once and made again and again without
// walking the original (plain_data.cpp): a search restores the moment of
// its decision a thousand times.
class CopyPlan {
 public:
  CopyPlan() = default;
  // A plan moved from lets go of nothing: its objects went with the move.
  // A plan moved onto must hold none (release() it first: letting go
  // needs the Lua state, which a move has not got); Snapshot does so.
  CopyPlan(CopyPlan&& o) noexcept { *this = std::move(o); }
  CopyPlan& operator=(CopyPlan&& o) noexcept {
    steps_ = std::move(o.steps_);
    objects_ref_ = std::exchange(o.objects_ref_, -1);
    objects_ = o.objects_, objects_at_ = o.objects_at_, depth_ = o.depth_;
    ready_ = std::exchange(o.ready_, false);
    return *this;
  }
  // Writes down the table at idx: plain data with no shared subtables
  // (a snapshot's own copy, checked when it was made). Its strings and
  // other objects are kept in a Lua table anchored in the registry, which
  // release() lets go. A memory error on the way leaves it not ready.
  void record(lua_State* L, int idx);
  bool ready() const { return ready_; }
  // Pushes a copy as push_copy makes one of the same table: the same
  // sizes, the same keys set in the same order (so pairs visits them in
  // the same order), tripwires kept.
  void push(lua_State* L) const;
  void release(lua_State* L);
  // The host memory it holds (counted against the ruleset's memory cap).
  size_t bytes() const { return steps_.capacity() * sizeof(Step); }

 private:
  enum class Op : uint8_t { Table, Close, Int, Num, True, False, Object };
  struct Step {
    Op op;
    bool sets;      // a value: set into the table below it on the stack
    bool at_index;  // ... at integer key `key` (else at the key pushed before it)
    int64_t key = 0;
    int array = 0, fields = 0, metatable = 0;  // Table (metatable: object index, 0 none)
    int64_t i = 0;                             // Int; Object: the object's index
    double d = 0;                              // Num
  };
  void record_table(lua_State* L, int idx, int depth);
  void record_scalar(lua_State* L, int idx, bool sets);
  std::vector<Step> steps_;
  int objects_ref_ = -1;
  int objects_ = 0;     // how many the objects table holds
  int objects_at_ = 0;  // its stack index while recording
  int depth_ = 0;
  bool ready_ = false;
};

}  // namespace ratify::lua
