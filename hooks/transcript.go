package hooks

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text/lazyre"
)

// The transcript is the session's JSONL file named by transcript_path in
// the hook event. Claude Code does not publish a schema for it; the entry
// shape followed here is the one its session files show and that
// third-party readers document (for example
// https://meksys-dev.github.io/mekara/docs/dependencies/claude-cli/jsonl-schema):
//
//	{"type":"user","uuid":"…","timestamp":"…","message":{"role":"user","content":"text"}}
//	{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"…","content":"…"}]}}
//	{"type":"assistant","message":{"content":[{"type":"text","text":"…"},{"type":"tool_use",…}]}}
//
// message.content is a string or an array of blocks (text, image,
// tool_use, tool_result, thinking). Other entry types (system, summary,
// attachment, file-history-snapshot, …) are not conversation turns.
type transcriptEntry struct {
	Type              string `json:"type"`
	UUID              string `json:"uuid"`
	PromptID          string `json:"promptId"`
	Timestamp         string `json:"timestamp"`
	IsSidechain       bool   `json:"isSidechain"`
	IsMeta            bool   `json:"isMeta"`
	IsCompactSummary  bool   `json:"isCompactSummary"`
	IsAPIErrorMessage bool   `json:"isApiErrorMessage"`
	Message           struct {
		Model   string          `json:"model"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

type contentBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`          // tool_use: the call's id
	Name      string          `json:"name"`        // tool_use: the tool
	Input     json.RawMessage `json:"input"`       // tool_use: its arguments
	ToolUseID string          `json:"tool_use_id"` // tool_result: the call it answers
	IsError   bool            `json:"is_error"`    // tool_result: the call failed or was rejected
}

// exchange is the last user prompt and the assistant turn that answered it.
type exchange struct {
	User, UserID, UserTime, PromptID string
	Assistant, AssistantID, AsstTime string
	ToolUses                         int        // tool_use blocks in the assistant turn
	Changed                          []string   // paths the turn's edit tools changed (changed.go)
	Commands                         []string   // the turn's shell commands (toolremoval.go)
	commandCalls                     []string   // the call id of each of Commands
	Edits                            []codeEdit // the turn's edit replacements (editedcode.go)
	found                            bool       // a user prompt was seen

	parts     []assistantPart // the turn's text blocks, in order, until finish
	sinceTool int             // index of the first part after the last tool call

	// written is the last user entry Claude Code wrote itself (a compaction
	// summary, local command output) and lastTime the latest entry's time:
	// a prompt stashed with that text is dated by the transcript (turnDates).
	written  writtenEntry
	lastTime string
}

// writtenEntry is the text and time of a user entry that is not a prompt.
type writtenEntry struct{ text, time string }

// assistantPart is one text block of the assistant's turn; narration is a
// short block a tool call followed ("Let me check the config."): it says
// what the agent is about to do, which is no fact, and joined into the
// captured reply it became part of every episode of a tool-using turn.
type assistantPart struct {
	text      string
	narration bool
}

// maxNarrationChars: a text block before a tool call up to this long is
// narration; a longer one explains something and is kept.
const maxNarrationChars = 200

var (
	// systemReminder matches context Claude Code injected into a user turn
	// (hook additionalContext among it): it is not something the user said,
	// and capturing recalled memories would feed them back as new facts.
	systemReminder = lazyre.New(`(?s)<system-reminder>.*?</system-reminder>`)
	// xmlTag matches the tags wrapping a slash command in a user turn
	// (<command-name>/review</command-name><command-args>…</command-args>).
	xmlTag = lazyre.New(`</?[a-z][a-z-]*>`)
)

// readLastExchange scans the transcript at path for its last exchange.
func readLastExchange(ctx context.Context, path string) (exchange, error) {
	if path == "" {
		return exchange{}, errors.New("event has no transcript_path")
	}
	f, err := os.Open(path)
	if err != nil {
		return exchange{}, fmt.Errorf("open transcript: %w", err)
	}
	defer f.Close()
	ex, err := lastExchange(ctx, f)
	if err != nil {
		return exchange{}, fmt.Errorf("read transcript %s: %w", path, err)
	}
	return ex, nil
}

// lastExchange streams JSONL entries and keeps the last real user prompt
// with the assistant turn after it. Tool results arrive as user entries and
// stay part of the turn; malformed lines are skipped, since the file is
// written while the session runs and its last line may be incomplete.
func lastExchange(ctx context.Context, r io.Reader) (exchange, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var ex exchange
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			if cerr := ctx.Err(); cerr != nil {
				return exchange{}, cerr
			}
			var e transcriptEntry
			if json.Unmarshal(line, &e) == nil {
				apply(&ex, e)
			}
		}
		if errors.Is(err, io.EOF) {
			return ex.finish(), nil
		}
		if err != nil {
			return exchange{}, err
		}
	}
}

// syntheticModel is the model Claude Code names on assistant entries it
// writes itself ("No response requested." after an interrupt): no reply.
const syntheticModel = "<synthetic>"

// apply folds one transcript entry into ex. Entries that are not the
// user's own turn or the model's reply are skipped: a subagent's
// (sidechain; its prompt is the main agent's, not the user's), Claude
// Code's injected ones (isMeta: caveats, skill and command bodies), the
// summary a compaction writes as a user entry, API error notices and
// synthetic replies.
func apply(ex *exchange, e transcriptEntry) {
	if e.Timestamp != "" {
		ex.lastTime = e.Timestamp
	}
	if notTurn(e) {
		noteWritten(ex, e)
		return
	}
	switch e.Type {
	case "user":
		text, isPrompt := userText(e.Message.Content)
		if !isPrompt {
			ex.Edits = withoutRefusedEdits(ex.Edits, e.Message.Content) // editedcode.go
			ex.dropFailedCommands(e.Message.Content)                    // toolremoval.go
			noteWritten(ex, e)
			return
		}
		*ex = exchange{User: text, UserID: e.UUID, UserTime: e.Timestamp, PromptID: e.PromptID, found: true,
			lastTime: e.Timestamp}
	case "assistant":
		if !ex.found {
			return // the turn's prompt is before the part we read
		}
		for _, b := range assistantBlocks(e.Message.Content) {
			if b.Type == "text" {
				ex.parts = append(ex.parts, assistantPart{text: b.Text})
				continue
			}
			ex.ToolUses++
			if p := changedPath(b.Name, b.Input); p != "" {
				ex.Changed = append(ex.Changed, p)
			}
			if c := commandInput(b.Name, b.Input); c != "" {
				ex.Commands, ex.commandCalls = append(ex.Commands, c), append(ex.commandCalls, b.ID)
			}
			ex.Edits = append(ex.Edits, editsOf(b.ID, b.Name, b.Input)...)
			for i := ex.sinceTool; i < len(ex.parts); i++ {
				ex.parts[i].narration = utf8.RuneCountInString(ex.parts[i].text) <= maxNarrationChars
			}
			ex.sinceTool = len(ex.parts)
		}
		ex.AssistantID, ex.AsstTime = e.UUID, e.Timestamp
	}
}

// noteWritten keeps the text and time of a user entry Claude Code wrote
// itself, such as a compaction summary. Its markup for local commands
// ("<local-command-stdout>Compacted</local-command-stdout>", the caveat
// before it) is no text a prompt is stashed with, and a /compact writes it
// after the summary: kept, it hid the summary from stashedTimes.
func noteWritten(ex *exchange, e transcriptEntry) {
	if e.Type != "user" || e.IsSidechain {
		return
	}
	if text, ok := rawUserText(e.Message.Content); ok && !strings.HasPrefix(strings.TrimSpace(text), "<") {
		ex.written = writtenEntry{text: strings.TrimSpace(text), time: e.Timestamp}
	}
}

// stashedTimes dates a turn the transcript holds only as a user entry
// Claude Code wrote itself (a compaction summary replayed as a prompt):
// the prompt is that entry's time and the reply the transcript's last,
// not the hook's clock, so facts a summary restates keep the session's
// date and do not look newer than the changes made after it.
func (ex exchange) stashedTimes(prompt, stashTime string) (string, string) {
	prompt = strings.TrimSpace(prompt)
	if prompt == "" || ex.written.time == "" || !strings.HasPrefix(ex.written.text, prompt) {
		return stashTime, ""
	}
	return ex.written.time, ex.lastTime
}

// notTurn reports an entry that is neither the user's own turn nor the
// model's reply (see apply).
func notTurn(e transcriptEntry) bool {
	return e.IsSidechain || e.IsMeta || e.IsCompactSummary || e.IsAPIErrorMessage || e.Message.Model == syntheticModel
}

// userText returns the text of a user entry and whether it starts a new
// turn. Tool results and local command output are not prompts.
func userText(raw json.RawMessage) (string, bool) {
	text, ok := rawUserText(raw)
	if !ok {
		return "", false
	}
	return cleanUserText(text)
}

// rawUserText returns the text of a user entry's content as written (a
// string, or its text blocks joined), and false for a tool result or
// content that holds nothing.
func rawUserText(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	var blocks []contentBlock
	if json.Unmarshal(raw, &blocks) != nil {
		return "", false
	}
	var parts []string
	for _, b := range blocks {
		switch b.Type {
		case "tool_result":
			return "", false
		case "text":
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n"), len(blocks) > 0
}

// notPrompts are how user entries start that Claude Code writes itself:
// local command output (/model, /cost, …), the interrupt notice, and the
// compaction summary as versions before isCompactSummary wrote it.
var notPrompts = []string{
	"<local-command-",
	"[Request interrupted by user",
	compactionLead,
}

// compactionLead is how a compaction summary starts.
const compactionLead = "This session is being continued from a previous conversation"

// cleanUserText strips injected reminders and slash-command wrappers.
func cleanUserText(s string) (string, bool) {
	t := strings.TrimSpace(s)
	for _, p := range notPrompts {
		if strings.HasPrefix(t, p) {
			return "", false
		}
	}
	t = systemReminder.ReplaceAllString(t, "")
	if strings.Contains(t, "<command-name>") {
		t = oneLine(xmlTag.ReplaceAllString(t, " "))
	}
	return strings.TrimSpace(t), true
}

// assistantBlocks returns the text blocks (trimmed, non-empty) and tool
// calls of an assistant entry, in order; thinking blocks are private
// reasoning and are left out.
func assistantBlocks(raw json.RawMessage) []contentBlock {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if s = strings.TrimSpace(s); s != "" {
			return []contentBlock{{Type: "text", Text: s}}
		}
		return nil
	}
	var blocks []contentBlock
	if json.Unmarshal(raw, &blocks) != nil {
		return nil
	}
	out := blocks[:0]
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if b.Text = strings.TrimSpace(b.Text); b.Text != "" {
				out = append(out, b)
			}
		case "tool_use", "server_tool_use":
			out = append(out, contentBlock{Type: "tool_use", ID: b.ID, Name: b.Name, Input: b.Input})
		}
	}
	return out
}

// finish joins the turn's text blocks, narration left out, into Assistant.
func (ex exchange) finish() exchange {
	for _, p := range ex.parts {
		if !p.narration {
			ex.Assistant = joinText(ex.Assistant, p.text)
		}
	}
	ex.parts, ex.sinceTool = nil, 0
	return ex
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n\n" + b
}

// sameTurn reports whether the exchange is the turn of the stashed prompt:
// by prompt id when both know it, else by text.
func (ex exchange) sameTurn(st promptStash) bool {
	if !ex.found {
		return false
	}
	if ex.PromptID != "" && st.PromptID != "" {
		return ex.PromptID == st.PromptID
	}
	return ex.User == strings.TrimSpace(st.Prompt)
}

// key identifies the exchange's turn within its session: the prompt's id,
// else its transcript entry's, else its text and time.
func (ex exchange) key() string {
	switch {
	case ex.PromptID != "":
		return "prompt:" + ex.PromptID
	case ex.UserID != "":
		return "entry:" + ex.UserID
	}
	sum := sha256.Sum256([]byte(ex.UserTime + "\x00" + ex.User))
	return "text:" + hex.EncodeToString(sum[:])
}

// withFinalMessage adds the Stop event's last_assistant_message when the
// transcript does not hold it yet: the hooks reference notes the file is
// written asynchronously and may lag the turn that just ended.
func (ex exchange) withFinalMessage(last string) exchange {
	last = strings.TrimSpace(last)
	if last != "" && !strings.Contains(ex.Assistant, last) {
		ex.Assistant = joinText(ex.Assistant, last)
	}
	return ex
}

// truncate fits the exchange into maxChars characters. Each side keeps at
// least half the budget when it needs it; the user side keeps its start
// (the question), the assistant side its end (the turn's conclusion comes
// last, after the narration of tool calls).
func (ex exchange) truncate(maxChars int) exchange {
	u, a := utf8.RuneCountInString(ex.User), utf8.RuneCountInString(ex.Assistant)
	if u+a <= maxChars {
		return ex
	}
	half := maxChars / 2
	switch {
	case u <= half:
		a = maxChars - u
	case a <= maxChars-half:
		u = maxChars - a
	default:
		u, a = half, maxChars-half
	}
	ex.User = truncateHead(ex.User, u)
	ex.Assistant = truncateTail(ex.Assistant, a)
	return ex
}

// messages renders the exchange for from-conversation.
func (ex exchange) messages() []message {
	return []message{
		{Role: "user", Content: printable(ex.User), ID: ex.UserID, CreatedAt: rfc3339(ex.UserTime)},
		{Role: "assistant", Content: printable(ex.Assistant), ID: ex.AssistantID, CreatedAt: rfc3339(ex.AsstTime)},
	}
}

// rfc3339 normalizes a transcript timestamp, or drops it when malformed so
// the server never rejects a capture over a timestamp.
func rfc3339(s string) string {
	t, ok := parseTime(s)
	if !ok {
		return ""
	}
	return t.Format(time.RFC3339Nano)
}
