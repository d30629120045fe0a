package hooks

import "testing"

// TestAskedTargetLanguage recognises a question for the version, standard
// or edition of a named language the project targets, and leaves out a
// dependency's version, a deployment's and a language never named.
func TestAskedTargetLanguage(t *testing.T) {
	for _, tc := range []struct {
		prompt, want string // want: a name of the language found, "" for none
	}{
		{"what Go version does the module target?", "go"},
		{"which Java version does the build compile against?", "java"},
		{"which C++ standard can I write against?", "c++"},
		{"which version of Python is the service on?", "python"},
		{"what rust edition are the crates on?", "rust"},
		{"what TypeScript version do we compile with?", "typescript"},
		{"which node version runs on staging?", ""},                                  // a deployment
		{"which version of react do we use?", ""},                                    // a library
		{"what version is the api at?", ""},                                          // no language named
		{"which standard library function parses it?", ""},                           // no language named
		{"which C version of the parser is faster, the old one or the rewrite?", ""}, // the parser's version
		{"what ts version of the schema is current?", ""},                            // the schema's version
		{"which c standard library function is safe here?", ""},                      // the library, not the standard
		{"which C++ standard library container fits?", ""},                           // the library, not the standard
		{"what ES version are we on?", ""},                                           // Elasticsearch or ECMAScript: not guessed
		{"which es version do the queries need?", ""},                                // the same, lower case
		{"what ECMAScript version does the bundle target?", "ecmascript"},
		{"which scala version do we compile against?", "scala"},
		{"what Elixir version is the app on?", "elixir"},
	} {
		l, ok := askedTargetLanguage(tc.prompt)
		switch {
		case ok != (tc.want != ""):
			t.Errorf("askedTargetLanguage(%q) = %q, %v; want %q", tc.prompt, l.names, ok, tc.want)
		case ok && !l.calls(tc.want):
			t.Errorf("askedTargetLanguage(%q) = %q, want the language named %q", tc.prompt, l.names, tc.want)
		}
	}
}

// TestTargetVersionMemory picks the newest memory stating the asked
// language's version setting: a raised one over the one it raised, never
// another language's setting, and nothing for a question asking none.
func TestTargetVersionMemory(t *testing.T) {
	fact := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: "semantic"}
	}
	ms := []memory{
		fact("jdk17", "The service builds with a JDK 17 toolchain", "2026-03-01T10:00:00Z"),
		fact("jdk21", "build.gradle.kts now uses `jvmToolchain(21)`", "2026-04-01T10:00:00Z"),
		fact("cxx", "CMakeLists.txt sets `CMAKE_CXX_STANDARD 20`", "2026-05-01T10:00:00Z"),
		fact("go", "go.mod says `go 1.23`", "2026-02-01T10:00:00Z"),
		fact("tests", "Unit tests run with ./gradlew test", "2026-06-01T10:00:00Z"),
		fact("scala", "build.sbt sets `ThisBuild / scalaVersion := \"3.4.2\"`", "2026-06-02T10:00:00Z"),
		fact("elixir", "mix.exs requires `elixir: \"~> 1.17\"`", "2026-06-03T10:00:00Z"),
	}
	for _, tc := range []struct{ prompt, want string }{
		{"which Java version does the build compile against?", "jdk21"},
		{"which C++ standard can I use?", "cxx"},
		{"what Go version does the module target?", "go"},
		{"what Python version do we need?", ""},
		{"which Scala version does the build use?", "scala"},
		{"what elixir version do we target?", "elixir"},
		{"run the unit tests", ""},
	} {
		got, ok := targetVersionMemory(tc.prompt, ms)
		if ok != (tc.want != "") || ok && got.ID != tc.want {
			t.Errorf("targetVersionMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
}
