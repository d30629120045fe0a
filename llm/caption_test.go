package llm

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCaptioner(t *testing.T) {
	img := []byte("\x89PNG\r\n\x1a\nfake image bytes")
	cases := []struct {
		name    string
		answers []string
		errs    []error
		image   []byte
		want    ImageDescription
		wantErr string
	}{
		{name: "happy path", image: img,
			answers: []string{`{"caption": "A receipt from  Café Lumière.\n", "text": "TOTAL 12.50 EUR", "tags": ["Receipt", " cafe "]}`},
			want:    ImageDescription{Caption: "A receipt from Café Lumière.", Text: "TOTAL 12.50 EUR", Tags: []string{"receipt", "cafe"}}},
		{name: "fenced, no visible text", image: img, answers: []string{"```json\n{\"caption\": \"A dog on a beach.\"}\n```"},
			want: ImageDescription{Caption: "A dog on a beach."}},
		{name: "no caption", image: img, answers: []string{`{"text": "hello"}`}, wantErr: "no caption"},
		{name: "empty caption", image: img, answers: []string{`{"caption": "  "}`}, wantErr: "no caption"},
		{name: "prose", image: img, answers: []string{"I can't see images."}, wantErr: "no JSON"},
		{name: "transport error", image: img, errs: []error{errors.New("model does not support images")}, wantErr: "does not support images"},
		{name: "empty image", wantErr: "empty image"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chat := &scriptedChat{answers: tc.answers, errs: tc.errs}
			got, err := NewCaptioner(chat).Describe(context.Background(), tc.image, "image/png")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Describe = %+v, %v; want error %q", got, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Describe: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("description (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCaptionerRequest(t *testing.T) {
	img := []byte("GIF89a fake")
	chat := &scriptedChat{answers: []string{`{"caption": "A chart.", "text": "Q3 sales"}`}}
	c := NewCaptioner(chat)
	caption, text, err := c.Caption(context.Background(), img, "image/gif")
	if err != nil {
		t.Fatalf("Caption: %v", err)
	}
	if caption != "A chart." || text != "Q3 sales" {
		t.Errorf("Caption = %q, %q", caption, text)
	}
	if c.Model() != "scripted/test" {
		t.Errorf("Model = %q", c.Model())
	}
	req := chat.got[0]
	system, _ := Prompt(PromptCaptionImage)
	if req.System != system || !req.JSON || string(req.Schema) != CaptionSchema {
		t.Errorf("request does not use the caption_image prompt in JSON mode with CaptionSchema")
	}
	if diff := cmp.Diff([][]byte{img}, req.Images); diff != "" {
		t.Errorf("images (-want +got):\n%s", diff)
	}
	if len(req.Messages) != 1 || req.Messages[0].Role != "user" || !strings.Contains(req.Messages[0].Content, "image/gif") {
		t.Errorf("messages = %+v, want one user message naming the type", req.Messages)
	}
}
