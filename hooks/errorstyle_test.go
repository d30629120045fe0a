package hooks

import "testing"

func TestErrorStyleMemory(t *testing.T) {
	fact := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: "semantic"}
	}
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		fact("old", "Errors go through anyhow in every crate", "2026-03-01T10:00:00Z"),
		fact("new", "Library crates return thiserror enums; anyhow only in the binary", "2026-04-01T10:00:00Z"),
		turn("turn", "Assistant: parse now returns a thiserror enum in error.rs.", "2026-05-01T10:00:00Z"),
		fact("log", "The build failed with error E0502 in the cache module", "2026-06-01T10:00:00Z"),
	}
	for _, tc := range []struct {
		prompt, want string
	}{
		{"add an error type for when the upstream returns 404", "new"},
		{"the importer needs its own error cases for a missing header", "new"},
		{"how should the scanner report a permissions failure to callers?", "new"},
		{"the loader should tell the caller when a file is missing", "new"},
		{"fix the error in the build", ""},
		{"why does the importer fail on empty files?", ""},
		{"add a retry when the upstream times out", ""},
		{"define a new error for when the token has expired", "new"},
		{"raise an exception if the config file is missing", "new"},
		{"make the parser return an error when the header is empty", "new"},
		{"I get an error when I run the tests, can you look?", ""},
		{"there's a new error when building the docker image", ""},
		{"getting a type error if the list is empty", ""},
		{"we hit an error if the cache is cold", ""},
		{"I'm seeing an exception when the queue drains", ""},
	} {
		got, ok := errorStyleMemory(tc.prompt, ms)
		if ok != (tc.want != "") || ok && got.ID != tc.want {
			t.Errorf("errorStyleMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
	if _, ok := errorStyleMemory("add an error type for a bad header", ms[3:]); ok {
		t.Error("a memory stating no way of making errors was chosen")
	}
}
