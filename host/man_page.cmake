# Build step (script mode): the man page ratify.1.gz made by help2man from
# `ratify --help`, with a COMMANDS section from each subcommand's --help,
# gzipped as Debian wants it (gzip -9n: no name, no time stamp).
#   cmake -DRATIFY=<ratify> -DHELP2MAN=<help2man> -DOUT=<ratify.1.gz> -P man_page.cmake

# Run by name from PATH, so the usage lines say "ratify", not the build path.
get_filename_component(bindir ${RATIFY} DIRECTORY)
set(ENV{PATH} "${bindir}:$ENV{PATH}")
set(ENV{COLUMNS} 80)
if(EPOCH)
  set(ENV{SOURCE_DATE_EPOCH} ${EPOCH})  # help2man dates the page by the commit, not the build
endif()

function(help_of out)
  execute_process(COMMAND ratify ${ARGN} --help RESULT_VARIABLE rc OUTPUT_VARIABLE text
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ratify ${ARGN} --help: exit ${rc}\n${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# troff: a backslash is \e, a line may not start with . or ', a minus is \-.
function(troff out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# One subcommand's --help as man text: its summary, usage, and each
# positional and option as a tagged paragraph.
function(command_section out name)
  help_of(text ${name})
  string(REPLACE ";" "\\;" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(man ".SS \"ratify ${name}\"\n")
  foreach(line IN LISTS lines)
    if(line STREQUAL "" OR line MATCHES "^  -h,--help ")
      continue()
    elseif(line MATCHES "^Usage: (.*)$")
      troff(usage "${CMAKE_MATCH_1}")
      string(APPEND man ".PP\n\\fBUsage:\\fR ${usage}\n")
    elseif(line MATCHES "^([A-Z][a-z]+):$")
      string(APPEND man ".PP\n\\fI${CMAKE_MATCH_1}:\\fR\n")
    elseif(line MATCHES "^  [^ ]")
      # "  SPEC  description": the spec ends at the first double space.
      string(SUBSTRING "${line}" 2 -1 rest)
      string(FIND "${rest}" "  " gap)
      if(gap EQUAL -1)
        set(spec "${rest}")
        set(desc "")
      else()
        string(SUBSTRING "${rest}" 0 ${gap} spec)
        string(SUBSTRING "${rest}" ${gap} -1 desc)
        string(STRIP "${desc}" desc)
      endif()
      troff(spec "${spec}")
      troff(desc "${desc}")
      string(APPEND man ".TP\n\\fB${spec}\\fR\n")
      if(desc)
        string(APPEND man "${desc}\n")
      endif()
    elseif(line MATCHES "^ ")
      # An option's description on its own line(s), under its spec.
      string(STRIP "${line}" line)
      troff(line "${line}")
      string(APPEND man "${line}\n")
    else()
      troff(line "${line}")
      string(APPEND man ".PP\n${line}\n")
    endif()
  endforeach()
  set(${out} "${man}" PARENT_SCOPE)
endfunction()

# The subcommands: the names listed under "Subcommands:" in ratify --help.
help_of(top)
string(REPLACE "\n" ";" top_lines "${top}")
set(in_list OFF)
set(commands "")
foreach(line IN LISTS top_lines)
  if(line MATCHES "^Subcommands:")
    set(in_list ON)
  elseif(in_list AND line MATCHES "^  ([a-z]+) ")
    list(APPEND commands ${CMAKE_MATCH_1})
  elseif(in_list AND line STREQUAL "")
    set(in_list OFF)
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "no subcommands found in ratify --help:\n${top}")
endif()

set(include_text "[COMMANDS]\nEach command's options (also \\fBratify \\fICOMMAND\\fB \\-\\-help\\fR).\n")
foreach(c IN LISTS commands)
  command_section(section ${c})
  string(APPEND include_text "${section}")
endforeach()
string(APPEND include_text "[ENVIRONMENT]
.TP
\\fBRATIFY_PATH\\fR
Folders (separated by :) searched for ruleset ids after the others.
.TP
\\fBXDG_DATA_HOME\\fR
The user's folder: rulesets in \\fI$XDG_DATA_HOME/ratify/rulesets\\fR, saved games in
\\fI$XDG_DATA_HOME/ratify/saves\\fR (default \\fI~/.local/share\\fR).
.TP
\\fBRATIFY_SCRIPTS\\fR
The host's Lua scripts, instead of the installed ones.
.TP
\\fBRATIFY_FONT_DIR\\fR
A folder holding DejaVuSans.ttf for the window.
[FILES]
.TP
\\fI/usr/share/ratify/\\fR
The rulesets, scripts and assets installed with ratify (found from the
executable as \\fI../share/ratify\\fR, whatever the prefix).
.TP
\\fI~/.local/share/ratify/rulesets/\\fR
The user's own rulesets.
[SEE ALSO]
The guides in \\fI/usr/share/doc/ratify/docs/\\fR: lua\\-api.md (writing a ruleset),
gui.md (the window), fast\\-rules.md, architecture.md.
")

get_filename_component(outdir ${OUT} DIRECTORY)
string(REGEX REPLACE "\\.gz$" "" page ${OUT})
file(WRITE ${outdir}/ratify.h2m "${include_text}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --section=1 "--name=scriptable rules sandbox for card games"
          --include=${outdir}/ratify.h2m --output=${page} ratify
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man: exit ${rc}\n${err}")
endif()
execute_process(COMMAND gzip -9nf ${page} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip ${page}: exit ${rc}")
endif()
