package hooks

import "testing"

func TestAsksMinVersion(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   bool
	}{
		{"what's the oldest compiler we support?", true},
		{"which iOS versions does the app support?", true},
		{"what is the minimum supported Node version?", true},
		{"can I use let chains in the tokenizer?", true},
		{"is it ok to use const generics in the buffer type?", true},
		{"does the MSRV allow this?", true},
		{"can I use pandas for a quick pivot table?", false}, // a library, not a language feature
		{"which version of the vpc module do we use?", false},
		{"which version runs on staging right now?", false}, // a deployment, not a platform
		{"which build version runs in production?", false},
		{"which Android versions can the app run on?", true},
		{"is the syntax highlighting broken in the docs?", false},
		{"what's the oldest open issue?", false},
		{"what's the minimum version of the vpc module we pin?", false},
		{"what is the minimum version of the auth plugin?", false},
		{"which version of the terraform provider runs in CI?", false},
		{"what's the minimum version of Python we support?", true},
		{"can I use the keywords table for search?", false},
		{"can we use the operators page in the admin?", false},
		{"can I use the walrus operator here?", true},
		{"can I use f-strings in the logger?", true},
		{"whats our min sdk", true},
		{"what's the min supported python version?", true},
		{"the build takes 5 min now", false},
		{"what's the min version of the auth plugin?", false},
		{"can i use @Observable for the new cart model", true},
		{"is it ok to use LazyLock here?", true},
		{"can we use `structuredClone()` in the ui?", true},
		{"can i use the staging db for this", false},
	} {
		if got := asksMinVersion(tc.prompt); got != tc.want {
			t.Errorf("asksMinVersion(%q) = %v, want %v", tc.prompt, got, tc.want)
		}
	}
}

func TestMinVersionMemory(t *testing.T) {
	fact := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: "semantic"}
	}
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		fact("old", "The workspace keeps its MSRV at 1.70", "2026-03-01T10:00:00Z"),
		turn("new", "Assistant: rust-version is 1.80 now in the workspace Cargo.toml.", "2026-04-02T10:00:00Z"),
		fact("other", "CI runs cargo clippy with -D warnings", "2026-05-01T10:00:00Z"),
		fact("undated", "minSdk is 21", ""),
	}
	for _, tc := range []struct {
		name, prompt, want string
	}{
		{"the newest minimum, a turn over an older fact", "can I use let-else chains here?", "new"},
		{"no such question", "run clippy", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := minVersionMemory(tc.prompt, ms)
			if ok != (tc.want != "") || ok && got.ID != tc.want {
				t.Errorf("minVersionMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
			}
		})
	}
	if _, ok := minVersionMemory("what's the oldest compiler we support?", ms[2:3]); ok {
		t.Error("a memory stating no minimum was chosen")
	}
}

// TestMinVersionStatement: "deployment target" states a minimum only next
// to a version or an OS; in infrastructure it names an environment.
func TestMinVersionStatement(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"The iOS deployment target is 16.0 since the widget work", true},
		{"bumped the deployment target to 15.4", true},
		{"deployment target: iOS 17", true},
		{"IPHONEOS_DEPLOYMENT_TARGET = 16.0 in the project file", true},
		{"the deployment target is the staging account", false},
		{"Terraform: each deployment target has its own state bucket", false},
		{"minSdk is 26 now", true},
	} {
		if got := minVersionRe.MatchString(tc.text); got != tc.want {
			t.Errorf("minVersionRe.MatchString(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
