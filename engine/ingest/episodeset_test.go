package ingest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEpisodeSetFindsAsAScan: Find answers what a scan in order with
// SameEpisode answers, on texts that repeat, nearly repeat (a word added
// or dropped, case and punctuation changed), differ by speaker, or share
// only some words.
func TestEpisodeSetFindsAsAScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	words := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike " +
		"november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu two 2 every day daily")
	speakers := []string{"Ann", "Ben", "User", "Assistant"}
	var texts []string
	for range 600 {
		if len(texts) > 0 && rng.IntN(3) == 0 { // a variant of an earlier text
			ws := strings.Fields(texts[rng.IntN(len(texts))])
			switch rng.IntN(4) {
			case 0:
				ws = append(ws, words[rng.IntN(len(words))])
			case 1:
				if len(ws) > 2 {
					ws = ws[:len(ws)-1]
				}
			case 2:
				ws[0] = speakers[rng.IntN(len(speakers))] + ":"
			default:
				ws[len(ws)-1] = strings.ToUpper(ws[len(ws)-1]) + "!"
			}
			texts = append(texts, strings.Join(ws, " "))
			continue
		}
		n := 1 + rng.IntN(25)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = words[rng.IntN(len(words))]
		}
		texts = append(texts, fmt.Sprintf("%s: %s", speakers[rng.IntN(len(speakers))], strings.Join(ws, " ")))
	}
	reads := NewReadings()
	set := NewEpisodeSet(reads)
	found := 0
	for i, s := range texts {
		want := -1
		for j := range i {
			if SameEpisode(texts[j], s) {
				want = j
				break
			}
		}
		if got := set.Find(s); got != want {
			t.Fatalf("Find(%q) = %d, want %d (a scan's answer)", s, got, want)
		}
		if want >= 0 {
			found++
		}
		set.Add(s)
	}
	if found < 50 {
		t.Fatalf("only %d of %d texts repeat an earlier one: the test checks too little", found, len(texts))
	}
}

func TestPrefixLen(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{0, 0}, {1, 1}, {9, 1}, {10, 2}, {19, 2}, {20, 3}} {
		if got := prefixLen(tc.n); got != tc.want {
			t.Errorf("prefixLen(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
}
