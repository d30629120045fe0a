package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// posList is the WordNet parts of speech in file order.
var posList = []struct {
	letter byte
	file   string
}{{'n', "noun"}, {'v', "verb"}, {'a', "adj"}, {'r', "adv"}}

// synset is one parsed line of a data.* file.
type synset struct {
	key       string   // pos letter + offset, e.g. "n02961779"
	satellite bool     // adjective satellite (ss_type s)
	words     []string // normalised lemmas in synset order ("" for ones we skip)
	proper    []bool   // parallel to words: written capitalised in WordNet (a proper noun: "Christmas")
	gloss     []string // the definition's words, with its quoted examples
	ptrs      []pointer
}

// pointer is one relation of a synset or of one of its words.
type pointer struct {
	sym    string
	target string // pos letter + offset
	src    int    // 1-based source word number, 0 for a semantic (whole-synset) pointer
	tgt    int    // 1-based target word number, 0 for a semantic pointer
}

// wordNet is the part of WordNet the generator uses.
type wordNet struct {
	// senses maps a normalised lemma to its synset keys per part of speech, in WordNet sense order
	// (most frequent first).
	senses map[string]map[byte][]string
	// tags maps lemma + " " + synset key to its SemCor tag count.
	tags    map[string]int
	synsets map[string]*synset
}

func loadWordNet(dir string) (*wordNet, error) {
	wn := &wordNet{
		senses:  map[string]map[byte][]string{},
		tags:    map[string]int{},
		synsets: map[string]*synset{},
	}
	for _, p := range posList {
		if err := wn.loadIndex(filepath.Join(dir, "index."+p.file), p.letter); err != nil {
			return nil, err
		}
		if err := wn.loadData(filepath.Join(dir, "data."+p.file), p.letter); err != nil {
			return nil, err
		}
	}
	if err := wn.loadSenseIndex(filepath.Join(dir, "index.sense")); err != nil {
		return nil, err
	}
	return wn, nil
}

// normalise turns a WordNet lemma into the token form the embedder sees, or "" for lemmas it never sees
// (collocations of three or more words, punctuation). Hyphens and the space of two-word collocations
// ("ice_cream", "get_married") are dropped because the embedder also looks up adjacent words joined.
func normalise(lemma string) string {
	if i := strings.IndexByte(lemma, '('); i >= 0 { // adjective markers: "glad(p)"
		lemma = lemma[:i]
	}
	if strings.Count(lemma, "_") > 1 {
		return ""
	}
	lemma = strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(lemma))
	if lemma == "" {
		return ""
	}
	for _, r := range lemma {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return ""
		}
	}
	return lemma
}

func eachLine(path string, fn func(fields []string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == ' ' { // license header lines start with two spaces
			continue
		}
		if err := fn(strings.Fields(line)); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return sc.Err()
}

// loadIndex reads index.pos: lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset...
func (wn *wordNet) loadIndex(path string, pos byte) error {
	return eachLine(path, func(f []string) error {
		lemma := normalise(f[0])
		if lemma == "" || len(f) < 4 {
			return nil
		}
		nSyn, err1 := strconv.Atoi(f[2])
		pCnt, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || len(f) < 4+pCnt+2+nSyn {
			return fmt.Errorf("bad index line for %q", f[0])
		}
		offsets := f[len(f)-nSyn:]
		m := wn.senses[lemma]
		if m == nil {
			m = map[byte][]string{}
			wn.senses[lemma] = m
		}
		for _, off := range offsets {
			m[pos] = appendUnique(m[pos], string(pos)+off)
		}
		return nil
	})
}

// loadData reads data.pos: offset lex_filenum ss_type w_cnt(hex) [word lex_id]... p_cnt [ptr off pos src/tgt]... | gloss
func (wn *wordNet) loadData(path string, pos byte) error {
	return eachLine(path, func(f []string) error {
		if len(f) < 4 {
			return nil
		}
		s := &synset{key: string(pos) + f[0], satellite: f[2] == "s"}
		wCnt, err := strconv.ParseInt(f[3], 16, 32)
		if err != nil {
			return fmt.Errorf("bad w_cnt in %s", f[0])
		}
		i := 4
		for w := 0; w < int(wCnt); w++ {
			s.words = append(s.words, normalise(f[i]))
			s.proper = append(s.proper, strings.ToLower(f[i]) != f[i])
			i += 2
		}
		pCnt, err := strconv.Atoi(f[i])
		if err != nil {
			return fmt.Errorf("bad p_cnt in %s", f[0])
		}
		i++
		for p := 0; p < pCnt; p++ {
			tpos := f[i+2]
			if tpos == "s" {
				tpos = "a"
			}
			src, _ := strconv.ParseInt(f[i+3][:2], 16, 32)
			tgt, _ := strconv.ParseInt(f[i+3][2:], 16, 32)
			s.ptrs = append(s.ptrs, pointer{sym: f[i], target: tpos + f[i+1], src: int(src), tgt: int(tgt)})
			i += 4
		}
		if bar := slices.Index(f[i:], "|"); bar >= 0 {
			s.gloss = f[i+bar+1:]
		}
		wn.synsets[s.key] = s
		return nil
	})
}

// loadSenseIndex reads index.sense: lemma%ss_type:lex_filenum:lex_id:head:head_id offset sense_number tag_cnt
func (wn *wordNet) loadSenseIndex(path string) error {
	return eachLine(path, func(f []string) error {
		if len(f) < 4 {
			return nil
		}
		pct := strings.IndexByte(f[0], '%')
		if pct < 0 || pct+1 >= len(f[0]) {
			return nil
		}
		lemma := normalise(f[0][:pct])
		if lemma == "" {
			return nil
		}
		var pos byte
		switch f[0][pct+1] {
		case '1':
			pos = 'n'
		case '2':
			pos = 'v'
		case '3', '5':
			pos = 'a'
		case '4':
			pos = 'r'
		default:
			return nil
		}
		n, err := strconv.Atoi(f[3])
		if err != nil {
			return fmt.Errorf("bad tag count for %s", f[0])
		}
		wn.tags[lemma+" "+string(pos)+f[1]] += n
		return nil
	})
}

// loadExceptions reads the *.exc files: inflected form followed by its base forms.
func loadExceptions(dir string, wn *wordNet) (map[string][]string, error) {
	out := map[string][]string{}
	for _, p := range posList {
		err := eachLine(filepath.Join(dir, p.file+".exc"), func(f []string) error {
			form := normalise(f[0])
			if form == "" {
				return nil
			}
			for _, base := range f[1:] {
				base = normalise(base)
				if base == "" || base == form || wn.senses[base] == nil {
					continue
				}
				out[form] = appendUnique(out[form], base)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
