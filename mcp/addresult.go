package mcp

import (
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
)

// addResult is the structured answer of add_memories: one section per kind
// of item present.
type addResult struct {
	Text         []entry `json:"text,omitempty"`
	Conversation []entry `json:"conversation,omitempty"`
	Images       []entry `json:"images,omitempty"`
	Forget       []entry `json:"forget,omitempty"`
	Resolve      []entry `json:"resolve,omitempty"`
}

// entry is what one engine call did for some items.
type entry struct {
	Items            []int      `json:"items"`             // indexes into memories
	Request          string     `json:"request,omitempty"` // forget, resolve: what was named
	Results          []writeOut `json:"results"`
	Candidates       []writeOut `json:"candidates,omitempty"` // forget, resolve: close matches not acted on
	NoFactsExtracted bool       `json:"no_facts_extracted,omitempty"`
	Note             string     `json:"note,omitempty"`
	Error            *errorOut  `json:"error,omitempty"`
}

type writeOut struct {
	ID         string   `json:"id"`
	Text       string   `json:"text"`
	Event      string   `json:"event"`
	Supersedes []string `json:"supersedes,omitempty"`
	Redacted   int      `json:"redacted,omitempty"` // secrets replaced by [REDACTED] before storing
}

type errorOut struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// addAnswer notes what each entry means and renders the result. The call
// is a tool error only when no item succeeded: after a partial success the
// model must see what was stored, not retry it all.
func (t *tools) addAnswer(out *addResult) *sdk.CallToolResult {
	var b strings.Builder
	failed, total := 0, 0
	for _, sec := range []struct {
		name    string
		entries []entry
	}{{"text", out.Text}, {"conversation", out.Conversation}, {"images", out.Images}, {"forget", out.Forget}, {"resolve", out.Resolve}} {
		if len(sec.entries) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s:\n", sec.name)
		for i := range sec.entries {
			e := &sec.entries[i]
			e.Note = noteFor(sec.name, e)
			renderEntry(&b, e)
			total++
			if e.Error != nil {
				failed++
			}
		}
	}
	return &sdk.CallToolResult{IsError: failed == total, StructuredContent: out,
		Content: []sdk.Content{&sdk.TextContent{Text: strings.TrimRight(b.String(), "\n")}}}
}

// noteFor explains an entry whose events alone would leave the model
// guessing.
func noteFor(section string, e *entry) string {
	if e.Error != nil {
		return ""
	}
	switch section {
	case "text":
		if len(e.Results) > 0 && allEvents(e.Results, engine.EventNone) {
			return "already known: nothing new stored"
		}
		if len(e.Results) == 0 {
			return "small talk: nothing to remember, nothing stored"
		}
	case "images":
		if len(e.Results) == 1 && e.Results[0].Event == engine.EventAdd {
			return "pending: the image is being captured; its description becomes searchable within seconds"
		}
	case "conversation":
		if len(e.Results) == 0 {
			return "no durable facts in these turns (or all already known)"
		}
	case "forget":
		switch {
		case len(e.Candidates) > 0:
			return `ambiguous: nothing deleted; to delete one of the candidates, add the item "forget: <id>"`
		case len(e.Results) == 0:
			return "no memory matches confidently: nothing deleted (search_memory, then \"forget: <id>\")"
		}
	case "resolve":
		if !hasEvent(e.Results, engine.EventSupersede) {
			n := "no open memory matched confidently: the resolution is stored as a new memory"
			if len(e.Candidates) > 0 {
				n += `; to close one of the candidates too, add the item "resolved: <id>"`
			}
			return n
		}
	}
	return ""
}

func allEvents(ws []writeOut, event string) bool {
	for _, w := range ws {
		if w.Event != event {
			return false
		}
	}
	return true
}

func hasEvent(ws []writeOut, event string) bool {
	for _, w := range ws {
		if w.Event == event {
			return true
		}
	}
	return false
}

// renderEntry writes one entry as compact lines a model reads easily.
func renderEntry(b *strings.Builder, e *entry) {
	fmt.Fprintf(b, "- %s", itemRange(e.Items))
	if e.Request != "" {
		fmt.Fprintf(b, " %s", storedText(e.Request, 200))
	}
	switch {
	case e.Error != nil:
		fmt.Fprintf(b, " error (%s): %s\n", e.Error.Code, e.Error.Message)
		return
	case len(e.Results) == 1 && e.Note == "" && len(e.Candidates) == 0:
		fmt.Fprintf(b, " %s\n", writeLine(e.Results[0]))
		return
	}
	if e.Note != "" {
		fmt.Fprintf(b, " %s", e.Note)
	}
	b.WriteString("\n")
	for _, w := range e.Results {
		fmt.Fprintf(b, "    %s\n", writeLine(w))
	}
	for _, w := range e.Candidates {
		fmt.Fprintf(b, "    candidate %s %s\n", w.ID, storedText(w.Text, 200))
	}
}

func writeLine(w writeOut) string {
	s := w.Event + " " + w.ID + " " + storedText(w.Text, 200)
	if len(w.Supersedes) > 0 {
		s += " (replaces " + strings.Join(w.Supersedes, ", ") + ")"
	}
	if w.Redacted > 0 {
		s += fmt.Sprintf(" (%d secret(s) redacted before storing)", w.Redacted)
	}
	return s
}

// itemRange names items by index: "#3", or "#3-#5" for a conversation.
func itemRange(items []int) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("#%d", items[0])
	}
	return fmt.Sprintf("#%d-#%d", items[0], items[len(items)-1])
}
