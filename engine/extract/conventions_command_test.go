package extract

import "testing"

// TestCommandDescriptionsKept checks statements of what a project command does, its name in
// backticks as the subject. What it runs is a project fact; what it checks, named by a
// debugging word ("warnings", "errors"), which drops troubleshooting chatter, is a check the
// work must pass and kept as a convention. A command that fails or throws is a report of
// the moment and stays no fact.
func TestCommandDescriptionsKept(t *testing.T) {
	tests := []struct {
		said, want string // want: the one fact's text; "" for no fact at all
		kind       string
	}{
		{"`make lint` runs the pinned golangci-lint.", "`make lint` runs the pinned golangci-lint", KindSemantic},
		{"`task check` also lints the protos with buf.", "`task check` also lints the protos with buf", KindSemantic},
		{"`just lint` runs clippy with pedantic warnings denied.", "`just lint` runs clippy with pedantic warnings denied", KindProcedural},
		{"`make vet` treats compiler warnings as errors.", "`make vet` treats compiler warnings as errors", KindProcedural},
		{"`make test` fails with a segfault.", "", ""},
		{"`npm run build` throws an error about a missing module.", "", ""},
	}
	for _, tt := range tests {
		checkOneFact(t, tt.said, tt.want, tt.kind)
	}
}

// TestCodeSpansKept checks that a fact keeps the backticks around the code it quotes: a later
// prompt's context shows "`pnpm test:unit -- --run`" as the command it is, where the bare
// words ran into the sentence ("Pnpm test:unit -- --run, plain pnpm test:unit sits…") and
// a capital turned a command into a name. A caret of a version range stays; an emoji and its
// skin tone, which are mood, still go.
func TestCodeSpansKept(t *testing.T) {
	tests := []struct{ said, want, kind string }{
		{"Always run `cargo fmt --all` before committing.", "Always run `cargo fmt --all` before committing", KindProcedural},
		{"`bin/check` runs the linters and the type checker.", "`bin/check` runs the linters and the type checker", KindSemantic},
		{"We pin react to ^18.3 in package.json.", "User pins react to ^18.3 in package.json", KindSemantic},
		{"Always run `tox -e lint` before pushing 👍🏽", "Always run `tox -e lint` before pushing", KindProcedural},
	}
	for _, tt := range tests {
		checkOneFact(t, tt.said, tt.want, tt.kind)
	}
}
