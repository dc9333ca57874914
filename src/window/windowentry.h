#pragma once

// The one symbol main() looks up in the window module; a name of its own so that a stray library
// can never be mistaken for the module.
#define AC_WINDOW_ENTRY attention_canvas_window_main_v1
#define AC_WINDOW_ENTRY_NAME "attention_canvas_window_main_v1"

/// Runs the application with a window (or --export's offscreen drawing); returns the exit code.
extern "C" int AC_WINDOW_ENTRY(int argc, char **argv);
