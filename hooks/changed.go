package hooks

import (
	"cmp"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
)

// The files a turn changed are part of what the agent did, and a later
// prompt often names the file or the area ("the opml importer", "the retry
// package") rather than the words of the reply. The agent's closing reply
// names them only about half the time (it says "internal/retry now caps the
// delay", not which file), so the stop hook adds the paths the turn's edit
// and write tool calls name and the reply does not to the captured reply,
// relative to the session's directory. Commands run are left out: most are
// looking around (ls, grep, a test run) and what matters of them the reply
// reports.

// editTools are the tools that change a file, whose input names it as
// file_path (notebook_path for notebooks).
var editTools = map[string]bool{"Edit": true, "MultiEdit": true, "Write": true, "NotebookEdit": true}

// maxChangedFiles caps the note: a turn that touched more is a sweeping
// change whose files name no one thing.
const maxChangedFiles = 5

// changedPath returns the path a tool call changed, or "".
func changedPath(name string, input json.RawMessage) string {
	if !editTools[name] {
		return ""
	}
	var in struct {
		FilePath     string `json:"file_path"`
		NotebookPath string `json:"notebook_path"`
	}
	if json.Unmarshal(input, &in) != nil {
		return ""
	}
	return strings.TrimSpace(cmp.Or(in.FilePath, in.NotebookPath))
}

// withChangedFiles appends to reply the changed paths it does not already
// name, relative to cwd when under it.
func withChangedFiles(reply string, paths []string, cwd string) string {
	var add []string
	for _, p := range paths {
		p = relativeTo(p, cwd)
		if p == "" || strings.Contains(reply, filepath.Base(p)) || slices.Contains(add, p) {
			continue
		}
		add = append(add, p)
	}
	if len(add) == 0 || len(add) > maxChangedFiles {
		return reply
	}
	return joinText(reply, "Files changed: "+strings.Join(add, ", ")+".")
}

// relativeTo returns p relative to dir when p is absolute and under dir.
func relativeTo(p, dir string) string {
	if !filepath.IsAbs(p) || dir == "" {
		return p
	}
	if r, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}
