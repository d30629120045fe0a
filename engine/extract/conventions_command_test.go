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
		{"`make lint` runs the pinned golangci-lint.", "Make lint runs the pinned golangci-lint", KindSemantic},
		{"`task check` also lints the protos with buf.", "Task check also lints the protos with buf", KindSemantic},
		{"`just lint` runs clippy with pedantic warnings denied.", "Just lint runs clippy with pedantic warnings denied", KindProcedural},
		{"`make vet` treats compiler warnings as errors.", "Make vet treats compiler warnings as errors", KindProcedural},
		{"`make test` fails with a segfault.", "", ""},
		{"`npm run build` throws an error about a missing module.", "", ""},
	}
	for _, tt := range tests {
		checkOneFact(t, tt.said, tt.want, tt.kind)
	}
}
