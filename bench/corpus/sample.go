package main

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Word counts words in a text.
type Word struct {
	Text  string
	Count int
}

var errEmpty = errors.New("empty input")

func count(text string) ([]Word, error) {
	if strings.TrimSpace(text) == "" {
		return nil, errEmpty
	}
	seen := map[string]int{}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		seen[strings.Trim(w, ".,;:!?")]++
	}
	words := make([]Word, 0, len(seen))
	for t, c := range seen {
		words = append(words, Word{Text: t, Count: c})
	}
	sort.Slice(words, func(i, j int) bool { return words[i].Count > words[j].Count })
	return words, nil
}

func main() {
	words, err := count(strings.Join(os.Args[1:], " "))
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
	for i, w := range words {
		if i == 5 {
			break
		}
		fmt.Printf("%-10s %3d\n", w.Text, w.Count)
	}
}
