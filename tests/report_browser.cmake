# The HTML report in a real browser (issue #12): a real `ratify sim --html`
# opened in Debian's chromium, headless. A probe page loads the report in a
# frame and measures every chart as the browser laid it out: each SVG
# chart has a size and each of its bars a box of non-zero width and
# height. Then a screenshot, which must be a picture and not a blank page.
# Skipped (SKIP_REGULAR_EXPRESSION) when no chromium is installed;
# .ci/setup.sh installs it.
find_program(CHROMIUM NAMES chromium chromium-browser google-chrome)
if(NOT CHROMIUM)
  message("SKIP: no chromium to open the report in")
  return()
endif()
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

expect(0 sim article2 party_match --players 4 -n 60 --threads 2 --quiet --no-history
       --html ${OUT}/report.html)

file(WRITE ${OUT}/probe.html [=[<!DOCTYPE html>
<html><body><iframe id="r" src="report.html" width="1200" height="900"></iframe>
<pre id="out">the report did not load</pre>
<script>
document.getElementById('r').addEventListener('load', () => {
  const out = [];
  for (const svg of document.getElementById('r').contentDocument.querySelectorAll('svg.chart')) {
    let drawn = 0;
    for (const bar of svg.querySelectorAll('rect.bar')) {
      const b = bar.getBoundingClientRect();
      if (b.width > 0 && b.height > 0) ++drawn;
    }
    const box = svg.getBoundingClientRect();
    out.push('chart ' + svg.classList[1] + ' ' + Math.round(box.width) + 'x' +
             Math.round(box.height) + ' bars drawn ' + drawn);
  }
  document.getElementById('out').textContent = out.join('\n');
});
</script></body></html>
]=])

set(flags --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
          --disable-background-networking --disable-component-update --disable-sync
          --user-data-dir=${OUT}/profile)
execute_process(COMMAND ${CHROMIUM} ${flags} --allow-file-access-from-files
                        --virtual-time-budget=10000 --dump-dom file://${OUT}/probe.html
                RESULT_VARIABLE rc OUTPUT_VARIABLE dom ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "chromium --dump-dom: exit ${rc}\n${err}")
endif()
string(REGEX MATCH "<pre id=\"out\">[^<]*</pre>" measured "${dom}")
message("${measured}")
# Win rate by seat: 2 variants x 4 seats; a histogram and a card chart per variant.
foreach(chart "seats [0-9]+x[0-9]+ bars drawn 8\n"
              "lengths [0-9]+x[0-9]+ bars drawn [1-9][0-9]*\nchart lengths [0-9]+x[0-9]+ bars drawn [1-9]"
              "cards [0-9]+x[0-9]+ bars drawn [1-9][0-9]*\nchart cards [0-9]+x[0-9]+ bars drawn [1-9]")
  if(NOT measured MATCHES "chart ${chart}")
    message(FATAL_ERROR "the browser did not draw /${chart}/:\n${measured}")
  endif()
endforeach()
if(measured MATCHES " 0x| x0 ")
  message(FATAL_ERROR "a chart has no size:\n${measured}")
endif()

# The screenshot: a blank 1200x900 page is a PNG of a few kB; the report's
# header, bars and text make it tens.
execute_process(COMMAND ${CHROMIUM} ${flags} --screenshot=${OUT}/report.png --window-size=1200,900
                        file://${OUT}/report.html
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT}/report.png)
  message(FATAL_ERROR "chromium --screenshot: exit ${rc}\n${err}")
endif()
file(SIZE ${OUT}/report.png bytes)
message("screenshot: ${bytes} bytes")
if(bytes LESS 30000)
  message(FATAL_ERROR "the screenshot (${OUT}/report.png, ${bytes} bytes) looks blank")
endif()
