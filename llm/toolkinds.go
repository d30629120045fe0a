package llm

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// ToolKinds lists software tools by the job they do, keyed by the job. A
// project uses one package manager, one test runner, one bundler at a time,
// so the extractor reads a switch to one as the end of the other
// (engine/extract, toolkind.go), and a search that asks for the job by its
// name ("which database does the API use?") looks for the tools when no
// memory names the job ("The API stores orders in Postgres"). Which tools
// share a job is general knowledge, listed here once. Only names that are no
// common word or given name are listed ("make", "go", "fish", "less",
// "black", "parcel", "cursor", "render", "Ava", "Travis" would match prose
// or people). "poetry" is the exception: the kind is only read where a
// fact says what something uses or was switched to ("dependencies are
// managed with poetry"), where it is the Python tool, and leaving it out
// kept "uses poetry" alive beside the uv or pdm that replaced it.
var ToolKinds = map[string]string{
	"package manager":  `npm pnpm yarn bun`,
	"test runner":      `jest vitest pytest nose2 rspec minitest phpunit junit testng`,
	"bundler":          `webpack vite esbuild rollup turbopack rspack snowpack`,
	"linter":           `eslint tslint jshint biome ruff flake8 pylint golangci-lint rubocop stylelint`,
	"formatter":        `prettier yapf autopep8 gofumpt rustfmt dprint`,
	"ci":               `jenkins circleci buildkite teamcity github-actions gitlab-ci travis-ci azure-pipelines bitbucket-pipelines`,
	"message broker":   `kafka nats rabbitmq activemq pulsar sqs kinesis`,
	"orm":              `prisma typeorm sequelize sqlalchemy gorm`,
	"python packaging": `pip uv pipenv conda pdm poetry`,
	"dataframe":        `pandas polars dask`,
	"state library":    `redux zustand mobx jotai pinia vuex`,
	"styling":          `tailwind tailwindcss scss styled-components`,
	"editor":           `vim neovim nvim emacs vscode intellij goland pycharm webstorm`,
	"host":             `heroku vercel netlify fly.io`,
	"shell":            `bash zsh`,
	"build tool":       `gradle maven bazel`,
	"cache":            `redis memcached valkey`,
	"database":         `postgres postgresql mysql mariadb sqlite mongodb mongo cockroachdb dynamodb`,
	"operating system": `ubuntu debian fedora linux macos osx chromeos`,
}

// toolKindNames are the words a question names a job of ToolKinds by,
// where the word means that job and little else. "package", "manager",
// "test", "build" and "state" name much besides a tool and are left out: a
// search for "my manager" must not look for npm.
var toolKindNames = map[string]string{
	"database":       "database databases db dbs",
	"linter":         "linter linters linting",
	"formatter":      "formatter formatters",
	"bundler":        "bundler bundlers",
	"editor":         "editor editors ide ides",
	"host":           "host hosts hosting hosted",
	"cache":          "cache caches caching",
	"message broker": "broker brokers queue queues",
	"orm":            "orm orms",
	"test runner":    "runner runners",
	"shell":          "shell shells",
	"styling":        "styling",
	"ci":             "ci",
}

// linkToolKinds records, for each word a job is asked by, the stems of its
// tools. A tool whose name the index splits into words ("fly.io",
// "github-actions") is left out: one of its words alone ("fly", "github")
// would stand for it.
func (w *WordForms) linkToolKinds() {
	for kind, names := range toolKindNames {
		tools := toolWords(ToolKinds[kind])
		for _, name := range text.Tokens(names) {
			w.addMembers(text.Stem(name), tools)
		}
	}
	for kind, tools := range ToolKinds {
		if words := text.Tokens(kind); len(words) == 2 {
			w.addMembers(PhraseKey(text.Stem(words[0]), text.Stem(words[1])), toolWords(tools))
		}
	}
}

// PhraseKey is the key under which WordForms.Members knows the members of
// a kind named by two words ("package manager": npm, pnpm…): their stems
// (as a query is analysed) joined by a space, which no single stem holds.
// A job such as "package manager" is named by both words, each of which
// alone names much else ("package", "my manager"), so only the two side by
// side look for its tools.
func PhraseKey(first, second string) string { return first + " " + second }

// toolWords are the tools of a job the index reads as one word each
// ("fly.io", "github-actions" are left out: one of their words alone
// would stand for them).
func toolWords(tools string) []string {
	var out []string
	for _, tool := range strings.Fields(tools) {
		if words := text.Tokens(tool); len(words) == 1 {
			out = append(out, words[0])
		}
	}
	return out
}

// addMembers records members (words) as members of the kind whose stem is k.
func (w *WordForms) addMembers(k string, members []string) {
	for _, member := range members {
		if m := text.Stem(member); m != k && !slices.Contains(w.members[k], m) {
			w.members[k] = append(w.members[k], m)
		}
	}
	slices.Sort(w.members[k])
}
