#pragma once
// Numbers as text, in one place: the sim's summary and report in a
// terminal, the HTML report, the history and the tournament table all
// turn numbers into digits here, so a rate or an interval reads the same
// wherever it is shown. printf's rounding, the C locale.
#include <string>

namespace ratify::sim {

// x with `decimals` digits after the point: fixed(2.345, 1) is "2.3".
std::string fixed(double x, int decimals);
// The same with its sign always: "+2.3", "-0.4", "+0".
std::string signed_fixed(double x, int decimals);
// x to `digits` significant digits (printf's %g): "0.0123", "1.23e+04".
std::string significant(double x, int digits);
// The same with its sign always: "+0.0167", "-2".
std::string signed_significant(double x, int digits);

// A share (0 to 1) as a percentage: percent(0.1234) is "12.3%".
std::string percent(double share, int decimals = 1);
// The same without the % sign, for an interval's ends: "12.3".
std::string percent_points(double share, int decimals = 1);

// A number in a terminal table: whole from 100, one decimal from 10,
// three below, so rates, lengths and scores share a column.
std::string short_number(double x);
// A number in the HTML report: three significant digits, whole from
// 1000, and 0 for the rounding dust at an interval's end.
std::string three_digits(double x);
// A p-value to three decimals; "<0.001" below that.
std::string p_value(double p);

}  // namespace ratify::sim
