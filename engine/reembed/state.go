package reembed

import (
	"fmt"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/llm"
)

// A re-embedding records its target in MetaKey before the first vector
// changes ("re-embedding A -> B"), and the new model alone once the last
// one has: a store a run left half done names both models, so every open
// refuses it (with either model) until a run to B finishes the job or a
// run back to A undoes it. One key, so each step is one atomic write, and
// a binary that predates the marker refuses it too (it names no model).
const (
	pendingPrefix = "re-embedding "
	pendingArrow  = " -> " // model ids hold no spaces (Ollama and OpenAI names cannot)
)

// State is what MetaKey records.
type State struct {
	Model string // the model every vector is of; during a re-embedding, the model it started from
	To    string // the model a re-embedding is moving to, "" when none is under way
}

// ParseState reads a MetaKey value; any value but a marker is a model.
func ParseState(recorded string) State {
	rest, ok := strings.CutPrefix(recorded, pendingPrefix)
	if !ok {
		return State{Model: recorded}
	}
	from, to, ok := strings.Cut(rest, pendingArrow)
	if !ok || to == "" {
		return State{Model: recorded}
	}
	return State{Model: from, To: to}
}

// Pending reports whether a re-embedding started and has not finished.
func (s State) Pending() bool { return s.To != "" }

// String is the MetaKey value of s.
func (s State) String() string {
	if !s.Pending() {
		return s.Model
	}
	return pendingPrefix + s.Model + pendingArrow + s.To
}

// Describe names a recorded state for a person.
func Describe(recorded string) string {
	s := ParseState(recorded)
	switch {
	case s.Pending():
		return fmt.Sprintf("an unfinished re-embedding from %s to %s", orNone(s.Model), s.To)
	case s.Model == "":
		return "no embedding model"
	}
	return s.Model
}

// orNone names a model, or says there is none.
func orNone(id string) string {
	if id == "" {
		return "no model"
	}
	return id
}

// AutomaticFrom reports whether the engine may bring a store recording
// recorded to want on open without being asked: the store is of an
// earlier built-in embedder (Automatic), or an automatic re-embedding to
// want was interrupted (it resumes).
func AutomaticFrom(recorded, want string) bool {
	s := ParseState(recorded)
	if !s.Pending() {
		return Automatic(s.Model, want)
	}
	return s.To == want && Automatic(s.Model, want)
}

// Unfinished is the refusal to open a store a re-embedding left half done
// with the embedder want (whichever it is: the store holds vectors of two
// models), naming the commands that finish or undo it; nil for a store
// with no re-embedding under way.
func Unfinished(recorded, want string) error {
	s := ParseState(recorded)
	if !s.Pending() {
		return nil
	}
	undo := "undo it with " + Command(s.Model) + ", which re-embeds only the memories already moved to " + s.To
	if s.Model == "" {
		undo = "there is no earlier model to go back to"
	}
	return &engine.Error{Code: engine.EConflict, Message: fmt.Sprintf(
		"the store is half re-embedded: a re-embedding from %s to %s did not finish, so it holds vectors of both "+
			"and is refused with any embedder (configured: %s); with the server stopped (on PostgreSQL, every replica), "+
			"finish it with %s, or %s", orNone(s.Model), s.To, want, Command(s.To), undo)}
}

// Command is the command that re-embeds a store with the embedder id
// names ("model/dim"), with the embedder flags that configure it when the
// id says them (built-in, "ollama/<model>", "openai/<model>").
func Command(id string) string {
	flags, release := settings(id)
	if release {
		return "`memsvc reembed` of " + flags
	}
	if flags == "" {
		return "`memsvc reembed` with the embedder " + id + " configured"
	}
	return "`memsvc reembed " + flags + "`"
}

// Settings names, for a person, how to configure the embedder id names
// ("model/dim"): its flags, or the memsvc release whose built-in embedder
// it is.
func Settings(id string) string {
	flags, release := settings(id)
	switch {
	case release:
		return flags
	case flags == "":
		return "the embedder " + id + " configured"
	}
	return "`" + flags + "`"
}

// settings is the flags that configure id, or (release true) the memsvc
// release that carries it: a built-in version other than this binary's;
// "" when the id does not say.
func settings(id string) (flags string, release bool) {
	model := modelOf(id)
	if model == llm.BuiltinEmbedModel {
		return "--embed-provider builtin", false
	}
	if v, ok := builtinVersion(model); ok {
		cur, _ := builtinVersion(llm.BuiltinEmbedModel)
		if v > cur {
			return "a newer memsvc release, whose built-in embedder is " + model, true
		}
		return "a memsvc release whose built-in embedder is " + model, true
	}
	if provider, name, ok := strings.Cut(model, "/"); ok && (provider == "ollama" || provider == "openai") {
		return "--embed-provider " + provider + " --embed-model " + name, false
	}
	return "", false
}

// Mismatch is the refusal to open a store whose vectors recorded's model
// made with another embedder, want, configured, naming each way out in one
// step: move the store to want with memsvc reembed, or configure the
// store's own model, by its flags. A store of a newer built-in embedder
// than this binary's (an older binary started on an upgraded store) is
// said to be one: the way out is the newer release, and reembed would
// undo the upgrade.
func Mismatch(recorded, want string) error {
	newer := ""
	if v, ok := builtinVersion(modelOf(recorded)); ok {
		if cur, _ := builtinVersion(llm.BuiltinEmbedModel); v > cur {
			newer = "; a newer memsvc release wrote this store: run that release (or a later one)"
		}
	}
	return &engine.Error{Code: engine.EConflict, Message: fmt.Sprintf(
		"the store holds embeddings of %q but the configured embedder is %q; refusing to mix them%s: "+
			"start with the store's embedder (%s), or, with the server stopped (on PostgreSQL, every replica), "+
			"embed every stored text again with %q by %s", recorded, want, newer, Settings(recorded), want, Command(want))}
}
