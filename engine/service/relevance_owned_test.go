package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// ownedStore is a small store in which "bike" is held by one memory and
// "laptop" by two.
var ownedStore = []string{
	"User's bike is a steel Surly touring frame with drop bars",
	"User's work laptop is a ThinkPad X1 running Fedora",
	"User sold their old laptop to a colleague last spring",
	"User prefers tea over coffee in the morning",
	"The staging cluster is redeployed every night at 2am",
	"User's sister lives in Lyon and teaches chemistry",
}

// scoreOf is the calibrated score of the result whose text is want (0 when
// it is not among the top five).
func scoreOf(t *testing.T, eng *service.Engine, prompt, want string) float64 {
	t.Helper()
	res, err := eng.Search(context.Background(), "dev", engine.Query{Text: prompt, TopK: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if r.Text == want {
			return r.Score
		}
	}
	return 0
}

// "my X" with X held by exactly one memory makes that memory relevant to a
// prompt sharing only X with it; with X held by several memories, or
// without the possessive, the prompt scores as any one shared word does.
func TestRelevanceOfMyOwnThing(t *testing.T) {
	eng := newServedEngine(t)
	addTexts(t, eng, "dev", ownedStore...)
	injected := func(prompt string) []string { return relevantTexts(t, eng, "dev", prompt) }
	bike := ownedStore[0]
	if got := injected("my bike makes a clicking noise when I pedal uphill"); len(got) != 1 || got[0] != bike {
		t.Errorf("my bike: injected %q, want only %q", got, bike)
	}
	mine := scoreOf(t, eng, "my bike makes a clicking noise when I pedal uphill", bike)
	a := scoreOf(t, eng, "a bike makes a clicking noise when I pedal uphill", bike)
	if mine <= a {
		t.Errorf("my bike scores %v, a bike %v: want the possessive to weigh", mine, a)
	}
	// Two memories hold "laptop": the store does not say which is meant.
	if got := injected("my laptop fan is loud when I compile"); len(got) != 0 {
		t.Errorf("my laptop: injected %q, want nothing for a word two memories hold", got)
	}
	// The memory holds "tea" but not as the user's own thing: the words do
	// not make it relevant. The sentence encoder reads a prompt about the
	// user's tea as near the user's taste in tea (cosine 0.59, search.
	// liftNearestInMeaning) and may bring that memory; nothing else.
	tea := ownedStore[slices.Index(ownedStore, "User prefers tea over coffee in the morning")]
	if got := injected("my tea went cold while I was debugging"); len(got) > 1 || len(got) == 1 && got[0] != tea {
		t.Errorf("my tea: injected %q, want nothing but %q", got, tea)
	}
}

// everydayMinePrompts name an everyday thing as the user's own that none
// of the prompt sets' stores is about, though one of their memories may
// hold the word.
var everydayMinePrompts = []string{
	"my code won't compile, what does this error mean",
	"my computer is running slow today",
	"how was my day supposed to go, I feel tired",
	"proofread my email to the landlord",
	"can you check my maths on this spreadsheet formula",
	"summarise my notes from this article",
	"my keyboard double-types some letters",
	"fix the typo in my commit message",
	"my internet keeps dropping every few minutes",
	"rewrite my cover letter to sound less stiff",
	"what's a good stretch for my back after sitting",
	"my headphones only play in one ear",
	"help me plan my weekend",
	"review my pull request description",
	"my tests are flaky on CI",
}

// minePromptsNearInMeaning is how many memories the first person brings
// to everyday "my" prompts through the sentence encoder (search.
// liftNearestInMeaning reads only prompts about the user): 8 of 165 when
// it came in, half of them arguably useful ("my computer is running slow
// today" → the user's laptop, "my tests are flaky on CI" → the test
// setup), half not ("my code won't compile" → a code style rule, "my
// keyboard double-types" → a language setting). The prompt sets gained 23
// related prompts of 370 for them. 10 since the store's nearest memory in
// meaning may join the hits (search.bringNearestInMeaning): "my computer
// is running slow today" → the user's other laptop, "my keyboard
// double-types some letters" → the editor's Vim keybindings; the prompt
// sets gained 13 related prompts of 442 for them, none unrelated.
const minePromptsNearInMeaning = 10

// The possessive alone must not make an everyday prompt inject: in every
// prompt set's store, each prompt injects nothing its "a" form (the same
// words without the possessive) does not.
func TestRelevanceOfEverydayMinePrompts(t *testing.T) {
	checkPossessiveAlone(t, everydayMinePrompts, "my ", minePromptsNearInMeaning)
}

// everydayThePrompts name an everyday thing with "the" that none of the
// prompt sets' stores is about, though one of their memories may hold the
// word, some of them as the memory's opening "The …".
var everydayThePrompts = []string{
	"explain the plot of hamlet",
	"what's the weather like in oslo this week",
	"summarise the article I pasted above",
	"the printer won't connect to the wifi",
	"how does the stock market work",
	"the fridge is making a humming noise",
	"why is the moon orange tonight",
	"rename the variable to something clearer",
	"who invented the telephone",
	"the build output is too noisy, can you quiet it",
	"what's the best way to fold a fitted sheet",
	"the meeting ran over again today",
	"explain the rules of chess",
	"the team at work wants a new logo idea",
	"how long does the flu usually last",
}

// A prompt's "the" alone must not make an everyday prompt inject: in every
// prompt set's store, each prompt injects nothing its "a" form does not.
func TestRelevanceOfEverydayThePrompts(t *testing.T) {
	checkPossessiveAlone(t, everydayThePrompts, "the ", 0)
}

// checkPossessiveAlone runs prompts against every prompt set's store and
// fails when one injects a memory its "a" form (possessive, a word and a
// space, replaced by "a ") does not.
func checkPossessiveAlone(t *testing.T, prompts []string, possessive string, allowed int) {
	t.Helper()
	stores := map[string][]string{
		"second": secondSetMemories, "third": thirdSetMemories, "fourth": fourthSetMemories,
		"fifth": fifthSetMemories, "sixth": sixthSetMemories, "seventh": seventhSetMemories,
		"eighth": eighthSetMemories, "ninth": ninthSetMemories, "tenth": tenthSetMemories,
		"eleventh": eleventhSetMemories, "twelfth": twelfthSetMemories,
	}
	extra, injecting := 0, 0
	for name, memories := range stores {
		injected := promptHook(t, memories)
		for _, p := range prompts {
			got, plain := injected(p), injected(strings.ReplaceAll(p, possessive, "a "))
			if len(got) > 0 {
				injecting++
				t.Logf("%s: %q injected %q (its \"a\" form %q)", name, p, got, plain)
			}
			for _, g := range got {
				if !slices.Contains(plain, g) {
					extra++
					t.Logf("%s: %q: only the possessive brought %q", name, p, g)
				}
			}
		}
	}
	t.Logf("everyday %q prompts injecting: %d of %d; memories only the possessive brought: %d", possessive, injecting, len(stores)*len(prompts), extra)
	if extra > allowed {
		t.Errorf("the possessive alone injected %d memories into everyday prompts, want at most %d", extra, allowed)
	}
}
