package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// realtalkTurn says where REALTALK keeps a turn's words (its cleaned text
// first) and a shared image's caption.
var realtalkTurn = turnFields{text: []string{"clean_text", "text"}, caption: []string{"blip_caption", "caption", "img_caption"}}

// LoadRealTalk reads REALTALK data: path is one conversation file, or a
// directory whose *.json files are one conversation each (the published
// layout, data/Chat_<n>_<A>_<B>.json).
//
// The format, checked against the dev files (../shared/eval/realtalk-dev):
// each file is one object {"name": {"speaker_1", "speaker_2"}, "session_N":
// [{"clean_text", "speaker", "date_time": "DD.MM.YYYY, HH:MM:SS", "dia_id":
// "D<n>:<turn>", "img_file", "img_url", "blip_caption" on turns with a
// photo}], "events_session_N": {"agent_a"/"agent_b": [{"sub-event", "date",
// "caused_by"}]}, "qa": [{"question", "answer", "evidence": [dia_id…],
// "category"}]}. The events are each speaker's life-event summaries, not
// turns: they are ignored. img_file and img_url name files, the caption
// says what the photo shows and is kept with the turn. A dia_id's <n> need
// not be its session's N, and a photo sent as its own message is folded
// into the text turn beside it, leaving its id as a gap that evidence may
// cite (evidence.go, foldedPhoto).
// The loader is lenient: a file may also hold an array of such objects, a
// turn without clean_text falls back to text, a turn's own date_time wins
// over its session's, and unknown fields are ignored.
func LoadRealTalk(path string) (*Dataset, error) {
	files, err := realtalkFiles(path)
	if err != nil {
		return nil, err
	}
	ds := &Dataset{Format: FormatRealTalk}
	var objs []object
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", f, err)
		}
		list, err := objects(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		for i, o := range list {
			id := o.str("sample_id", "id")
			if id == "" {
				id = base
				if len(list) > 1 {
					id = fmt.Sprintf("%s-%d", base, i+1)
				}
			}
			ds.Conversations = append(ds.Conversations, Conversation{ID: id})
			objs = append(objs, o)
		}
	}
	uniqueIDs(ds.Conversations)
	for i, o := range objs {
		if err := decodeRealTalk(o, &ds.Conversations[i]); err != nil {
			return nil, err
		}
	}
	return ds, nil
}

func decodeRealTalk(o object, c *Conversation) error {
	var names object
	_ = json.Unmarshal(o["name"], &names) // speaker names are informational only
	for _, k := range []string{"speaker_1", "speaker_2"} {
		if sp := names.str(k); sp != "" {
			c.Speakers = append(c.Speakers, sp)
		}
	}
	if err := decodeSessions(o, realtalkTurn, c); err != nil {
		return err
	}
	return decodeQuestions(o["qa"], c)
}

// realtalkFiles lists the conversation files at path, sorted.
func realtalkFiles(path string) ([]string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{path}, nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *.json files in %s", path)
	}
	sort.Strings(files)
	return files, nil
}
