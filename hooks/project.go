package hooks

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
)

// The hooks keep projects apart: what is captured in one repository is
// filed under that repository's name (the memory's project), and recall in
// a repository sees that project's memories plus those filed under no
// project (stored by other clients, or before projects were sent), and
// the user's own preferences wherever they were said (userlevel.go).

// maxProjectChars bounds a derived or configured project name.
const maxProjectChars = 100

// maxWalkUp bounds how many directories projectFor climbs looking for the
// repository's .git entry.
const maxWalkUp = 64

// scopeWiden is how many times more results an unfiltered request asks for
// than are wanted, to find the memories with no project among the others.
const scopeWiden = 4

// projectFor is the project of a hook event run in cwd: the configured
// override, "" when projects are off, else the name of the git repository
// holding cwd, else the name of cwd itself ("" when cwd is empty or a root).
func projectFor(cfg Config, cwd string) string {
	switch {
	case cfg.NoProject:
		return ""
	case cfg.Project != "":
		return cleanProject(cfg.Project)
	}
	return cleanProject(repoName(cwd))
}

// repoName is the base name of the nearest directory at or above cwd that
// holds a .git entry (a directory, or a file in worktrees and submodules),
// found without running git; when there is none, the base name of cwd.
func repoName(cwd string) string {
	cwd = strings.TrimSpace(cwd)
	if cwd == "" {
		return ""
	}
	dir := filepath.Clean(cwd)
	for range maxWalkUp {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return baseName(dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return baseName(filepath.Clean(cwd))
}

// baseName is the last element of dir, or "" for a root or ".".
func baseName(dir string) string {
	b := filepath.Base(dir)
	if b == "." || b == string(filepath.Separator) {
		return ""
	}
	return b
}

// cleanProject trims a project name to valid UTF-8 of at most
// maxProjectChars characters that the server's name rule accepts
// (engine.CleanName): a directory named with an invisible character or
// a no-break space is still a project, not a refused capture. A name no
// cleaning makes acceptable (a word mixing look-alike letters of two
// scripts) is named by its hash (unspellableProject) rather than left
// out: with no project, the repository's captures would be recalled in
// every other repository.
func cleanProject(p string) string {
	p = strings.TrimSpace(strings.ToValidUTF8(p, ""))
	if utf8.RuneCountInString(p) > maxProjectChars {
		p = string([]rune(p)[:maxProjectChars])
	}
	if c := engine.CleanName(p); c != "" || p == "" {
		return c
	}
	return unspellableProject(p)
}

// unspellableProject names a project whose own name the server refuses:
// "dir-" and the first 12 hex digits of its SHA-256, the same for the
// same directory name on every run, different for another.
func unspellableProject(p string) string {
	sum := sha256.Sum256([]byte(p))
	return "dir-" + hex.EncodeToString(sum[:6])
}

// fetchFunc asks the server for up to size memories, filtered to project
// when it is not "".
type fetchFunc func(ctx context.Context, project string, size int) ([]memory, error)

// scopedFetch returns up to n memories of project, of no project or
// stating a preference of the user's own (userLevel), in the server's
// order. The REST API filters search and list by one exact project only,
// so these come from an unfiltered request scopeWiden times as large, kept
// client-side; when that leaves fewer than n and the server had more, a
// request filtered to project completes the answer. Everything the filtered request adds ranks (or is older) below the
// whole unfiltered page, so appending it keeps the order.
func scopedFetch(ctx context.Context, project string, n int, fetch fetchFunc) ([]memory, error) {
	if project == "" {
		return fetch(ctx, "", n)
	}
	size := min(maxListSize, scopeWiden*n)
	wide, err := fetch(ctx, "", size)
	if err != nil {
		return nil, err
	}
	kept := make([]memory, 0, n)
	seen := map[string]bool{}
	keep := func(ms []memory) {
		for _, m := range ms {
			if len(kept) < n && !seen[m.ID] && (m.Project == "" || m.Project == project || userLevel(m)) {
				seen[m.ID] = true
				kept = append(kept, m)
			}
		}
	}
	keep(wide)
	if len(kept) == n || len(wide) < size {
		return kept, nil
	}
	own, err := fetch(ctx, project, n)
	if err != nil {
		return nil, err
	}
	keep(own)
	return kept, nil
}
