package hooks

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Some of what a user says inside one repository is about the user, not
// the repository: how the agent should answer ("keep answers short"),
// which editor or shell they use, or a rule they say holds "in every
// project". The stop hook files every capture under the repository it was
// said in, so such a preference reached only that repository's sessions,
// and the user had to say it again in each (the third and fifth
// coding-sessions evaluations, cmd/memsvc). userLevel picks these out by
// what they say, so that recall and session start in any repository keep
// them beside the repository's own memories.

var (
	// anyProjectRe is a scope said to reach past the repository at hand.
	// The extractor writes the user's "my" as "User's" ("all User's
	// repos"), and "not just this one" points back at the repository.
	// "Everywhere" alone is not such a scope: "we're on Terraform 1.10
	// everywhere", "let-else everywhere" mean everywhere in this code, and
	// a repository's fact shown in every other repository misleads there.
	anyProjectRe = lazyre.New(`(?i)\b(?:(?:every|all|any|each)\s+(?:of\s+)?(?:my\s+|our\s+|(?:the\s+)?user's\s+)?(?:projects?|repos?|repositories|codebases?)|in general|not just (?:here|this one|in this (?:repo|repository|project|codebase))|(?:everywhere|wherever) (?:I|user) (?:work|code|go)s?|whatever (?:the )?(?:project|repo))\b`)
	// localScopeRe is a scope said to stay within the repository at hand;
	// notJustRe is how a wider scope names it ("not just this one").
	localScopeRe = lazyre.New(`(?i)\b(?:in here|here in|in this (?:repo|repository|project|codebase|monorepo))\b`)
	notJustRe    = lazyre.New(`(?i)\bnot just (?:here|this one|in this (?:repo|repository|project|codebase|monorepo))\b`)
	// answerRe names the agent's answers, and styleRe how they read:
	// together, a preference about the answers themselves. Either alone is
	// not one: "API responses are cached", "keep functions short".
	answerRe = lazyre.New(`(?i)\b(?:answers?|repl(?:y|ies)|responses?|explanations?)\b`)
	styleRe  = lazyre.New(`(?i)\b(?:short|shorter|brief|concise|terse|detailed|verbose|bullet(?:s| points?)?|prose|paragraphs?|recap|summary|tone|emojis?|english|language|casual|formal)\b`)
	// personalToolRe names the user's own working environment.
	personalToolRe = lazyre.New(`(?i)\b(?:(?:my|user's|user)\s+(?:editor|ide|shell|terminal|keyboard layout|operating system)|user (?:edits|codes|types) in)\b`)
)

// userLevel reports a memory that states a preference of the user's own:
// said of every project, of the agent's answers, or of the user's editor
// or shell. The agent's own turns are never one: "Rewrote the answers
// module" is about the repository's code.
func userLevel(m memory) bool {
	if agentTurn(m) {
		return false
	}
	t := strings.TrimSpace(m.Text)
	if localScopeRe.MatchString(notJustRe.ReplaceAllString(t, "")) {
		return false // "don't ever run npm in here, it's pnpm everywhere": everywhere in this repository
	}
	return anyProjectRe.MatchString(t) || answerRe.MatchString(t) && styleRe.MatchString(t) || personalToolRe.MatchString(t)
}

// agentTurn reports a memory that is one of the agent's own turns kept as
// said ("Assistant: …"), not something the user said.
func agentTurn(m memory) bool {
	return strings.HasPrefix(strings.TrimSpace(m.Text), "Assistant:")
}
