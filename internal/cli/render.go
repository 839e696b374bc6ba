package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// The read-outs whose shape docs/api.md leaves open (forwarders, stats, connections,
// lb-requests) are decoded keeping the server's key order and rendered generically:
// scalars as "KEY value" lines, arrays of objects as tables, nested arrays as their own
// tables titled by where they sit. A server that adds a field gets it shown.

// object is a JSON object with its keys in the server's order.
type object struct {
	keys []string
	m    map[string]any
}

func (o *object) get(k string) any { return o.m[k] }

func (o *object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(o.m[k])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// decodeOrdered decodes JSON into *object, []any, string, json.Number, bool and nil.
func decodeOrdered(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := readValue(dec)
	if err != nil {
		return nil, fmt.Errorf("the reply is not JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("the reply is not JSON: trailing data")
	}
	return v, nil
}

func readValue(dec *json.Decoder) (any, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := t.(json.Delim)
	if !ok {
		return t, nil
	}
	switch d {
	case '{':
		o := &object{m: map[string]any{}}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			if _, dup := o.m[k]; !dup {
				o.keys = append(o.keys, k)
			}
			o.m[k] = v
		}
		_, err = dec.Token()
		return o, err
	case '[':
		a := []any{}
		for dec.More() {
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err = dec.Token()
		return a, err
	}
	return nil, fmt.Errorf("unexpected %v", d)
}

// printJSON writes the server's JSON indented.
func printJSON(w io.Writer, b []byte) error {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return fmt.Errorf("the reply is not JSON: %w", err)
	}
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// nested says whether v is shown in a section of its own rather than in a cell.
func nested(v any) bool {
	switch x := v.(type) {
	case *object:
		for _, k := range x.keys {
			if nested(x.m[k]) {
				return true
			}
		}
		return len(x.keys) > 6
	case []any:
		for _, e := range x {
			if _, ok := e.(*object); ok {
				return true
			}
			if _, ok := e.([]any); ok {
				return true
			}
		}
	}
	return false
}

// cell renders a value that is not nested.
func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return "-"
	case string:
		if x == "" {
			return "-"
		}
		return x
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case json.Number:
		return x.String()
	case []any:
		if len(x) == 0 {
			return "-"
		}
		s := make([]string, len(x))
		for i, e := range x {
			s[i] = cell(e)
		}
		return strings.Join(s, ",")
	case *object:
		if len(x.keys) == 0 {
			return "-"
		}
		s := make([]string, len(x.keys))
		for i, k := range x.keys {
			s[i] = k + "=" + cell(x.m[k])
		}
		return strings.Join(s, ",")
	}
	return fmt.Sprint(v)
}

// preferred columns come first, in this order, when present; the others follow in the
// server's order.
var preferred = []string{"id", "forwarder", "forwarder_id", "name"}

// label names a row in the titles of its nested sections.
func label(o *object, i int) string {
	for _, k := range []string{"id", "forwarder", "forwarder_id", "name", "worker", "address", "reason", "port"} {
		if v, ok := o.m[k]; ok && !nested(v) {
			s := cell(v)
			if k == "address" {
				if p, ok := o.m["port"]; ok {
					s += ":" + cell(p)
				}
			}
			return s
		}
	}
	return fmt.Sprint(i)
}

func join(title, key string) string {
	if title == "" {
		return key
	}
	return title + "." + key
}

// renderTree writes v for people; title says where it sits in the reply.
func renderTree(w io.Writer, title string, v any) {
	switch x := v.(type) {
	case *object:
		var flat []string
		for _, k := range x.keys {
			if !nested(x.m[k]) {
				flat = append(flat, k)
			}
		}
		if len(flat) > 0 {
			if title != "" {
				fmt.Fprintf(w, "%s:\n", title)
			}
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, k := range flat {
				fmt.Fprintf(tw, "%s\t%s\n", strings.ToUpper(k), cell(x.m[k]))
			}
			tw.Flush()
			fmt.Fprintln(w)
		}
		for _, k := range x.keys {
			if nested(x.m[k]) && !empty(x.m[k]) {
				renderTree(w, join(title, k), x.m[k])
			}
		}
	case []any:
		var rows []*object
		for _, e := range x {
			if o, ok := e.(*object); ok {
				rows = append(rows, o)
			}
		}
		if len(rows) == 0 {
			if title != "" {
				fmt.Fprintf(w, "%s: %s\n", title, cell(x))
			} else {
				fmt.Fprintln(w, cell(x))
			}
			return
		}
		if title != "" {
			fmt.Fprintf(w, "%s:\n", title)
		}
		cols, sub := columns(rows)
		renderTable(w, rows, cols)
		fmt.Fprintln(w)
		for i, o := range rows {
			for _, k := range sub {
				if v, ok := o.m[k]; ok && !empty(v) {
					renderTree(w, join(fmt.Sprintf("%s[%s]", title, label(o, i)), k), v)
				}
			}
		}
	default:
		if title != "" {
			fmt.Fprintf(w, "%s: %s\n", title, cell(v))
		} else {
			fmt.Fprintln(w, cell(v))
		}
	}
}

// columns splits the rows' fields into table columns and fields shown in sections of
// their own (nested in any row), each in the preferred order, then the server's.
func columns(rows []*object) (cols, sub []string) {
	isSub := map[string]bool{}
	for _, o := range rows {
		for _, k := range o.keys {
			if nested(o.m[k]) {
				isSub[k] = true
			}
		}
	}
	seen := map[string]bool{}
	add := func(k string) {
		if seen[k] {
			return
		}
		for _, o := range rows {
			if _, ok := o.m[k]; ok {
				seen[k] = true
				if isSub[k] {
					sub = append(sub, k)
				} else {
					cols = append(cols, k)
				}
				return
			}
		}
	}
	for _, k := range preferred {
		add(k)
	}
	for _, o := range rows {
		for _, k := range o.keys {
			add(k)
		}
	}
	return cols, sub
}

// empty says whether v is an empty array or object, not worth a section.
func empty(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) == 0
	case *object:
		return len(x.keys) == 0
	}
	return false
}

// renderTable writes rows as a table of the columns cols.
func renderTable(w io.Writer, rows []*object, cols []string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := make([]string, len(cols))
	for i, k := range cols {
		head[i] = strings.ToUpper(k)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, o := range rows {
		line := make([]string, len(cols))
		for i, k := range cols {
			line[i] = cell(o.m[k])
		}
		fmt.Fprintln(tw, strings.Join(line, "\t"))
	}
	tw.Flush()
}

// listOf returns the array in a list reply: the reply itself, or its field key (servers
// differ on whether a list comes bare or wrapped).
func listOf(v any, key string) ([]any, bool) {
	switch x := v.(type) {
	case []any:
		return x, true
	case *object:
		if a, ok := x.m[key].([]any); ok {
			return a, true
		}
	}
	return nil, false
}

// forwarderOf names the forwarder a stats or connections entry belongs to.
func forwarderOf(o *object) string {
	for _, k := range []string{"forwarder", "forwarder_id", "id"} {
		if s, ok := o.m[k].(string); ok {
			return s
		}
	}
	return ""
}

// keepForwarder narrows a reply to one forwarder's entries, whichever way they are
// grouped: a list of entries naming their forwarder, such a list under "forwarders", or
// an object keyed by forwarder id. It reports whether the forwarder was found.
func keepForwarder(v any, id string) (any, bool) {
	switch x := v.(type) {
	case []any:
		out := []any{}
		for _, e := range x {
			if o, ok := e.(*object); ok && forwarderOf(o) == id {
				out = append(out, e)
			}
		}
		return out, len(out) > 0
	case *object:
		if sub, ok := x.m["forwarders"]; ok {
			kept, found := keepForwarder(sub, id)
			o := &object{keys: x.keys, m: map[string]any{}}
			for k, v := range x.m {
				o.m[k] = v
			}
			o.m["forwarders"] = kept
			return o, found
		}
		if _, ok := x.m[id]; ok && slices.ContainsFunc(x.keys, func(k string) bool {
			_, isObj := x.m[k].(*object)
			return isObj
		}) {
			return &object{keys: []string{id}, m: map[string]any{id: x.m[id]}}, true
		}
	}
	return v, false
}

// withoutKeys is v without the fields named keys, at any depth (a copy where it differs).
func withoutKeys(v any, keys ...string) any {
	switch x := v.(type) {
	case *object:
		o := &object{m: map[string]any{}}
		for _, k := range x.keys {
			if slices.Contains(keys, k) {
				continue
			}
			o.keys = append(o.keys, k)
			o.m[k] = withoutKeys(x.m[k], keys...)
		}
		return o
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutKeys(e, keys...)
		}
		return out
	}
	return v
}
