package extract

import "testing"

// TestSwitchedFrom checks which stored facts a switch to a listed tool ends.
func TestSwitchedFrom(t *testing.T) {
	for _, tc := range []struct {
		name, old, switched string
		want                bool
	}{
		{"switch names no old value", "The web repo uses pnpm", "User switched the web repo to bun", true},
		{"old fact fills no slot", "Tests use Jest", "User replaced Jest with Vitest", true},
		{"the team switched", "The web repo uses pnpm", "User switched to bun", true},
		{"a tool of another kind", "The web repo uses pnpm", "User switched the web repo to Vitest", false},
		{"someone else's tool", "Alice's team uses Jest", "User replaced Jest with Vitest", false},
		{"a fact of two tools", "User uses Jest for tests and ESLint for linting", "User replaced ESLint with Biome", false},
		{"a forbidding instruction", "Always use pnpm", "Never use npm or yarn", false},
		{"the new tool already named", "User uses bun and not pnpm", "User switched to bun", false},
		{"a two-word tool", "User's CI runs on Jenkins", "User migrated CI to GitHub Actions", true},
		{"this repo switched", "Dependencies are managed with poetry here", "User moved this repo to pdm", true},
		{"this repo switched, someone else's tool", "Alice uses poetry", "User moved this repo to pdm", false},
		{"a dataframe library", "The transforms use pandas", "User switched to polars", true},
	} {
		t.Run(tc.name, func(t *testing.T) { checkSwitchedFrom(t, tc.old, tc.switched, tc.want) })
	}
}

// checkSwitchedFrom checks whether the fact switched (read with SlotOf)
// ends the stored fact old.
func checkSwitchedFrom(t *testing.T, old, switched string, want bool) {
	t.Helper()
	n := SlotOf(switched)
	if n == nil {
		t.Fatalf("SlotOf(%q) = nil", switched)
	}
	if got := SwitchedFrom(old, *n); got != want {
		t.Errorf("SwitchedFrom(%q, %+v) = %v, want %v", old, *n, got, want)
	}
}

// TestNowUses checks which stored facts a tool said to be used now ends.
func TestNowUses(t *testing.T) {
	for _, tc := range []struct {
		name, old, now string
		want           bool
	}{
		{"an instruction ended by a part's new tool", "Use Zustand for state", "State management is Jotai from now on", true},
		{"a tool of another kind stays", "Use pnpm for installs", "State management is Jotai from now on", false},
		{"a value that is no tool", "Use Zustand for state", "State management is simple now", false},
		{"an operating system ended by another", "User uses Ubuntu", "User is on macOS now", true},
		{"an operating system is no editor", "User uses Neovim", "User is on macOS now", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := SlotOf(tc.now)
			if n == nil {
				t.Fatalf("SlotOf(%q) = nil", tc.now)
			}
			if got := NowUses(tc.old, *n); got != tc.want {
				t.Errorf("NowUses(%q, %+v) = %v, want %v", tc.old, *n, got, tc.want)
			}
		})
	}
}

// TestPortMoves checks that a move to a port replaces where the same component
// served, under whichever generic name, and nothing else's port.
func TestPortMoves(t *testing.T) {
	for _, tc := range []struct {
		name, old, moved string
		want             bool
	}{
		{"service and API", "The service listens on port 8080", "User moved the API to port 9090", true},
		{"tool and its role", "Vite serves it on port 5173", "The dev server moves to port 3000", true},
		{"a port set to a number", "The api server runs on port 8080 locally", "User changed the api port to 9090", true},
		{"two named services", "The auth service runs on port 8081", "User moved the billing service to port 8082", false},
		{"the API and the dev server", "The API listens on port 8080", "The dev server moves to port 3000", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, n := SlotOf(tc.old), SlotOf(tc.moved)
			if o == nil || n == nil {
				t.Fatalf("SlotOf: %v, %v", o, n)
			}
			if got := Contradicts(*o, *n); got != tc.want {
				t.Errorf("Contradicts(%+v, %+v) = %v, want %v", *o, *n, got, tc.want)
			}
		})
	}
}
