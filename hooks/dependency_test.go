package hooks

import (
	"testing"

	restclient "github.com/memsvc/memsvc/rest/client"
)

func TestAsksForDependency(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   bool
	}{
		{"install httpx", true},
		{"Why does the install script hang on CI?", false}, // install as a noun
		{"airflow dags test says ModuleNotFoundError: No module named 'openpyxl'", true},
		{"the build fails:\n```\nError: Cannot find module 'zod'\nRequire stack:\n- /app/src/schema.js\n```", true},
		{"which module handles the invoices?", false},
		{"our install step fails with EACCES", false},
		{"please uninstall the old markdown renderer", true},
		{"add a charting library to the web client", true},
		{"bump the logging package to the latest minor", true},
		{"upgrade our HTTP dependencies before the release", true},
		{"add zod as a dev dependency", true},
		{"I want to pull in a JSON parsing library, how do I add it?", true},
		{"can we bring in a crate for retries?", true},
		{"pull in the latest changes from main", false},
		{"bring in the library module's tests too", false},
		{"pull in the config from the shared package", false}, // code moved between the project's packages
		{"bring in the helper from the utils library", false},
		{"can you pull in the changes Maria made to the package?", false},
		{"pull in the new types from the api package", false},
		{"bring in the shared eslint config into this package", false},
		{"pull in the zod library into the web package", true},
		{"bring in a markdown parsing lib for the docs page", true},
		{"add a column for the refund reason", false},
		{"update the README with the new flag", false},
		{"which package holds the retry logic?", false},
		{"remove the debug print. The package tests fail otherwise", false}, // verb and noun in different sentences
		{"here is the log:\n```\nnpm ERR! could not install\n```", false},   // a paste is not the ask
		{"add tests for the package loader", false},                         // the noun names another thing
		{"update the changelog for the library", false},                     // a thing of the library's is changed
		{"bump the docs of the crate before the release", false},
		{"upgrade the version of the http library", true}, // the version is the dependency's own
		{"remove some of the unused packages", true},
		{"add a package for date math", true},
		{"upgrade react for the dashboard package", true}, // a bare word after the verb is the package
		{"add zod for validation to the api package", true},
		{"please add comments to the library module", false},
		{"update the packages", true},
		{"remove the unused libs from the service", true},
		{"we need a haptics library so the alarm can vibrate", true}, // a need for one is a request to add it
		{"pick a package for date math", true},
		{"I need a library card", false},            // the noun names another thing
		{"we need the package loader fixed", false}, // the noun names another thing
		{"add date-fns", true},                      // the request is the name alone
		{"add lodash.debounce.", true},
		{"add dark-mode support", false}, // a feature, named by what follows
		{"add error-handling to the parser", false},
		{"add dark-mode", true},                          // the shape alone cannot tell: the cost is the manager's memory shown
		{"add Retrofit for the weather endpoints", true}, // a capitalised name after a lower-case "add": a product
		{"please add OkHttp logging", true},
		{"Add Tests for the parser", false},        // the capital may be the sentence's
		{"add CORS headers to the gateway", false}, // an acronym, no product
		{"add a Settings screen", false},
		{"can you recommend a package for parsing CSV?", true},
		{"we need a new library for the PDF export", true},
		{"I want to split the library so its surface is smaller", false}, // a need about the code, not for a dependency
		{"we need benchmarks for the compression library in lib/zip", false},
		{"could you suggest a title for the new package?", false},
		{"pick the best name for our library", false},
	} {
		if got := asksForDependency(tc.prompt, nil); got != tc.want {
			t.Errorf("asksForDependency(%q) = %v, want %v", tc.prompt, got, tc.want)
		}
	}
}

func TestDependencyMemory(t *testing.T) {
	fact := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: "semantic"}
	}
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	for _, tc := range []struct {
		name string
		ms   []memory
		want string // id, "" for none
	}{
		{"none names a manager", []memory{fact("a", "Tests run with vitest", "2026-01-02T10:00:00Z")}, ""},
		{"a fact before the turn that names the old manager too", []memory{
			fact("a", "The monorepo is on yarn now", "2026-01-05T10:00:00Z"),
			turn("b", "Assistant: Replaced `npm ci` with `yarn install --immutable` in CI.", "2026-01-05T10:00:09Z"),
		}, "a"},
		{"a statement about dependencies before a passing mention", []memory{
			fact("a", "Dependencies are managed with poetry", "2026-01-02T10:00:00Z"),
			fact("b", "CI runs poetry run mypy on every push", "2026-01-09T10:00:00Z"),
		}, "a"},
		{"the later of two statements holds", []memory{
			fact("a", "Packages are installed with pip into a venv", "2026-01-02T10:00:00Z"),
			fact("b", "The service uses uv for its packages from today", "2026-02-01T10:00:00Z"),
		}, "b"},
		{"a manifest counts as a manager", []memory{
			fact("a", "Runtime deps live in deploy/requirements-prod.txt", "2026-01-02T10:00:00Z"),
		}, "a"},
		{"a manager in an aside yields to a turn saying how packages are added", []memory{
			fact("a", "The api is the billing service (node 20, pnpm, fastify)", "2026-01-02T10:00:00Z"),
			turn("b", "User: add packages with `pnpm add --filter api`, never npm", "2026-01-02T10:00:00Z"),
		}, "b"},
		{"a manager's name inside a word does not count", []memory{
			fact("a", "The snpm_client module wraps the mail API", "2026-01-02T10:00:00Z"),
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := dependencyMemory(tc.ms)
			if ok != (tc.want != "") || got.ID != tc.want {
				t.Errorf("dependencyMemory = %q, %v; want %q", got.ID, ok, tc.want)
			}
		})
	}
}

func TestWithMemory(t *testing.T) {
	hits := []memory{{ID: "a"}, {ID: "b"}, {ID: "c"}}
	if got := withMemory(hits, memory{ID: "b"}, 3); len(got) != 3 {
		t.Errorf("a hit already shown was added again: %v", got)
	}
	got := withMemory(hits, memory{ID: "d"}, 3)
	if len(got) != 4 || got[2].ID != "d" {
		t.Errorf("the added memory must land within the top 3: %v", got)
	}
	if len(hits) != 3 || hits[2].ID != "c" {
		t.Errorf("the hits were modified: %v", hits)
	}
}

func TestTurnSiblings(t *testing.T) {
	from := func(id, episode, text, typ string) memory {
		return memory{ID: id, Text: text, MemoryType: typ, Source: &restclient.Source{EpisodeID: episode}}
	}
	chosen := from("a", "ep1", "Avoid npm install in this repo", "procedural")
	ms := []memory{
		chosen,
		from("b", "ep1", "Always yarn workspace add", "procedural"),
		from("c", "ep1", "The changelog is CHANGELOG.md", "semantic"),       // names no manager
		from("d", "ep2", "yarn berry is pinned in .yarnrc.yml", "semantic"), // another turn
		from("e", "ep1", "User: Always yarn workspace add, never npm install.", memoryTypeEpisodic),
		chosen, // the same memory twice (latest and a hit)
		from("b", "ep1", "Always yarn workspace add", "procedural"),
	}
	got := turnSiblings(chosen, ms, dependencyTools.MatchString)
	if len(got) != 1 || got[0].ID != "b" {
		t.Errorf("turnSiblings = %v, want the one other fact of the turn naming a manager", got)
	}
	if got := turnSiblings(memory{ID: "x", Text: "uses pnpm"}, ms, dependencyTools.MatchString); got != nil {
		t.Errorf("a memory without an episode has no siblings: %v", got)
	}
}

func TestAsksForDependencyByPackageName(t *testing.T) {
	turn := func(id, text string) memory { return memory{ID: id, Text: text, ValidFrom: "2026-03-01T10:00:00Z"} }
	ms := []memory{
		turn("a", "Assistant: Ran `pnpm add tree-sitter` for the highlighter."),
		turn("b", "pendulum==3.0 is pinned in requirements.txt."),
		turn("c", "Assistant: `npm test` runs the tests; logging goes to stderr with npm scripts."),
	}
	for _, tc := range []struct {
		prompt string
		want   bool
	}{
		{"add tree-sitter for the syntax colouring", true}, // a memory installs it
		{"add @tanstack/react-table to the admin screens", true},
		{"add pendulum to the project", true}, // a memory pins it
		{"add `slugify` to the blog", true},
		{"add zod@latest to the forms", true},
		{"add fastapi-users with pip", true},
		{"add scikit-learn to the project", true}, // a package-like name added to the project
		{"add a retry so the upload survives a timeout", false},
		{"add tests for the new parser", false},
		{"add error-handling to the parser", false},
		{"add type-hints to utils.py", false},
		{"add dark-mode support", false},
		{"add read-only mode to the settings page", false},
		{"add logging to the app", false},
		{"add tests to the project", false},
		{"add retry logic to the registry client.", false}, // a manager or package noun elsewhere in the sentence
		{"add caching to the npm wrapper script", false},
		{"add validation to the gems page", false},
		{"add zod as a dependency", true},
		{"add httpx to requirements.txt", true},
		{"run pnpm add dayjs", true},
		{"add Retrofit for the tide API", true},
		{"add Moshi codegen for the new models", true},
		{"add Alice as a reviewer on the PR", false},
		{"add Bob as the owner of the billing alerts", false},
		{"add Dockerfile for the worker", false},
		{"add Makefile targets for the docs", false},
		{"add Javadoc to the public methods", false},
		{"add JSDoc comments to the hooks", false},
	} {
		if got := asksForDependency(tc.prompt, ms); got != tc.want {
			t.Errorf("asksForDependency(%q) = %v, want %v", tc.prompt, got, tc.want)
		}
	}
}

func TestDependencyMemoryPrefersTheAddCommand(t *testing.T) {
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		turn("rule", "User: it's pdm here: pdm add for packages, pdm run for scripts", "2026-02-01T10:00:00Z"),
		turn("later", "Assistant: Added the export test; `pdm run pytest -q`: 40 passed.", "2026-02-09T10:00:00Z"),
	}
	if got, ok := dependencyMemory(ms); !ok || got.ID != "rule" {
		t.Errorf("dependencyMemory = %q, %v; want the memory giving the add command", got.ID, ok)
	}
}
