// Package lazyre is a regular expression compiled the first time it is used. The built-in
// extractor holds about 300 of them: compiled at start-up they cost every process that links
// it (each hook run of the coding-agent plugin is one) about 90 ms and 18 MB, though only a
// server that extracts ever reads them.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a pattern compiled on first use; it is safe for concurrent use, as
// regexp.Regexp is. A pattern that does not compile panics on first use, as
// regexp.MustCompile would at start-up; the tests that run the extractor use each one.
type Regexp struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

// New returns the pattern, not yet compiled.
func New(pattern string) *Regexp { return &Regexp{pattern: pattern} }

// Compiled returns the compiled pattern, compiling it the first time.
func (r *Regexp) Compiled() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.pattern) })
	return r.re
}

// String returns the source text of the pattern.
func (r *Regexp) String() string { return r.pattern }

// The methods below are regexp.Regexp's, on the compiled pattern.

func (r *Regexp) MatchString(s string) bool { return r.Compiled().MatchString(s) }

func (r *Regexp) FindString(s string) string { return r.Compiled().FindString(s) }

func (r *Regexp) FindStringIndex(s string) []int { return r.Compiled().FindStringIndex(s) }

func (r *Regexp) FindStringSubmatch(s string) []string { return r.Compiled().FindStringSubmatch(s) }

func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Compiled().FindStringSubmatchIndex(s)
}

func (r *Regexp) FindAllString(s string, n int) []string { return r.Compiled().FindAllString(s, n) }

func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.Compiled().FindAllStringIndex(s, n)
}

func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Compiled().FindAllStringSubmatch(s, n)
}

func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Compiled().FindAllStringSubmatchIndex(s, n)
}

func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Compiled().ReplaceAllString(src, repl)
}

func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Compiled().ReplaceAllStringFunc(src, repl)
}

func (r *Regexp) Split(s string, n int) []string { return r.Compiled().Split(s, n) }

func (r *Regexp) SubexpNames() []string { return r.Compiled().SubexpNames() }

func (r *Regexp) SubexpIndex(name string) int { return r.Compiled().SubexpIndex(name) }

func (r *Regexp) NumSubexp() int { return r.Compiled().NumSubexp() }

func (r *Regexp) ExpandString(dst []byte, template, src string, match []int) []byte {
	return r.Compiled().ExpandString(dst, template, src, match)
}
