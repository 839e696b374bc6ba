package cli

// The declarative file of apply and get: a YAML document whose services are the API's
// service objects (docs/api.md), with the same field names, so that "get -o yaml > f;
// apply -f f" changes nothing and a site can keep its load balancer in version control.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// fileService is one service of a file: what it asks for, normalised, and which of its
// fields it gives (a field it leaves out is left as it is on the controller).
type fileService struct {
	index int
	node  *yaml.Node
	in    apitypes.ServiceInput
	want  model.Service // normalised: defaults filled in, the id set
	given map[string]bool
	reals []fileReal // nil: the file does not give reals (they are left alone)
}

type fileReal struct {
	want  model.Real
	given map[string]bool
}

// declFile is a parsed file.
type declFile struct {
	name     string
	services []*fileService
}

// fileError is a mistake in the file: it names the file, the line, the service and the
// field at fault.
func (f *declFile) errorf(s *fileService, field string, format string, a ...any) error {
	where := f.name
	if s != nil {
		line := s.node.Line
		if n := nodeAt(s.node, field); n != nil {
			line = n.Line
		}
		where = fmt.Sprintf("%s:%d: services[%d]", f.name, line, s.index)
		if s.want.ID != "" {
			where += " (" + s.want.ID + ")"
		}
	}
	msg := fmt.Sprintf(format, a...)
	if field != "" && !strings.HasPrefix(msg, field) {
		msg = field + ": " + msg
	}
	return usagef("%s: %s", where, msg)
}

// parseDecl reads a file's services and checks each as the controller would
// (model.NormalizeService), so that a mistake is reported before anything is sent.
func parseDecl(name string, data []byte) (*declFile, error) {
	f := &declFile{name: name}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, usagef("%s: %v", name, err)
	}
	if doc.Kind == 0 {
		return f, nil // an empty file: no services
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, usagef("%s:%d: want a mapping with a services list", name, root.Line)
	}
	var list *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Value != "services" {
			return nil, usagef("%s:%d: unknown key %q (want services)", name, k.Line, k.Value)
		}
		list = v
	}
	if list == nil || list.Tag == "!!null" {
		return f, nil
	}
	if list.Kind != yaml.SequenceNode {
		return nil, usagef("%s:%d: services: want a list", name, list.Line)
	}
	byID := map[string]int{}
	for i, n := range list.Content {
		s, err := f.parseService(i, n)
		if err != nil {
			return nil, err
		}
		if j, dup := byID[s.want.ID]; dup {
			return nil, f.errorf(s, "", "the same service as services[%d]", j)
		}
		byID[s.want.ID] = i
		f.services = append(f.services, s)
	}
	return f, nil
}

func (f *declFile) parseService(i int, n *yaml.Node) (*fileService, error) {
	s := &fileService{index: i, node: n}
	if n.Kind != yaml.MappingNode {
		return nil, f.errorf(s, "", "want a mapping (a service)")
	}
	stringKeys(n, "synproxy", "client_addr")
	var raw map[string]any
	if err := n.Decode(&raw); err != nil {
		return nil, f.errorf(s, "", "%v", err)
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return nil, f.errorf(s, "", "%v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s.in); err != nil {
		return nil, f.errorf(s, jsonErrField(err), "%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	s.given = map[string]bool{}
	for k := range raw {
		s.given[k] = true
	}
	if s.in.Port == nil {
		return nil, f.errorf(s, "port", "required (0: every port)")
	}
	s.want = s.in.Service()
	if s.in.Policy != nil {
		// The parameters' ranges are the controller's to check (internal/policy).
		s.want.Policy = model.Policy{Kind: firstOf(s.in.Policy.Kind, model.PolicyStatic)}
		if first := s.in.Policy.ApplyTo(&model.PolicyParams{}); first != "" && s.want.Policy.Kind == model.PolicyStatic {
			return nil, f.errorf(s, "policy."+first, "only for kind comprehensive")
		}
		if s.want.Policy.Kind == model.PolicyComprehensive {
			s.want.Policy.PolicyParams = &model.PolicyParams{}
		}
	}
	rawReals, _ := raw["reals"].([]any)
	for j := range s.in.Reals {
		fr := fileReal{given: map[string]bool{}}
		if j < len(rawReals) {
			if m, ok := rawReals[j].(map[string]any); ok {
				for k := range m {
					fr.given[k] = true
				}
			}
		}
		s.reals = append(s.reals, fr)
	}
	if s.want.Protocol != "" && s.want.VIP != "" {
		s.want.ID = model.ServiceID(s.want.Protocol, s.want.VIP, s.want.Port) // to name it in an error
	}
	if err := model.NormalizeService(&s.want); err != nil {
		return nil, f.errorf(s, fieldOf(err, ""), "%s", msgOf(err))
	}
	if s.given["reals"] && s.reals == nil {
		s.reals = []fileReal{} // reals: [] — the service has none
	}
	for j := range s.reals {
		s.reals[j].want = s.want.Reals[j]
	}
	if s.in.ID != nil && *s.in.ID != "" && *s.in.ID != s.want.ID {
		return nil, f.errorf(s, "id", "%q: this service's id is %q (made of protocol, vip and port)", *s.in.ID, s.want.ID)
	}
	return s, nil
}

// fieldOf is the field a *model.FieldError names, under prefix.
func fieldOf(err error, prefix string) string {
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field == "" {
		return prefix
	}
	if prefix == "" || strings.HasPrefix(fe.Field, prefix) {
		return fe.Field
	}
	return prefix + "." + fe.Field
}

func msgOf(err error) string {
	var fe *model.FieldError
	if errors.As(err, &fe) {
		return fe.Msg
	}
	return err.Error()
}

// jsonErrField is the field of a JSON type error ("reals.weight"), for its line.
func jsonErrField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Field
	}
	return ""
}

// nodeAt finds the node of a field path ("reals[1].weight", "health_check.rise") under
// n, or nil.
func nodeAt(n *yaml.Node, path string) *yaml.Node {
	if path == "" {
		return nil
	}
	for _, part := range strings.Split(path, ".") {
		name, idx, _ := strings.Cut(part, "[")
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == name {
				next = n.Content[i+1]
			}
		}
		n = next
		if idx != "" {
			k, err := strconv.Atoi(strings.TrimSuffix(idx, "]"))
			if err != nil || n == nil || n.Kind != yaml.SequenceNode || k >= len(n.Content) {
				return n
			}
			n = n.Content[k]
		}
	}
	return n
}

// exportYAML writes the services of a GET /v1/services reply (a JSON list) as the file
// apply reads: the fields in the API's order, without the read-only ones.
func exportYAML(w io.Writer, body []byte, ids map[string]bool) error {
	var svcs []json.RawMessage
	if err := json.Unmarshal(body, &svcs); err != nil {
		return fmt.Errorf("GET /v1/services: the reply is not a list of services: %w", err)
	}
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, raw := range svcs {
		n, err := jsonNode(json.NewDecoder(bytes.NewReader(raw)))
		if err != nil {
			return fmt.Errorf("GET /v1/services: %w", err)
		}
		if ids != nil && !ids[scalar(n, "id")] {
			continue
		}
		dropKeys(n, "version", "counters_zeroed_at")
		if reals := nodeAt(n, "reals"); reals != nil {
			for _, r := range reals.Content {
				dropKeys(r, "health", "health_reason", "version")
			}
		}
		list.Content = append(list.Content, n)
	}
	doc := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
		{Kind: yaml.ScalarNode, Value: "services"}, list}}
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	return enc.Close()
}

// jsonNode reads one JSON value into a YAML node, keeping the order of object keys.
func jsonNode(dec *json.Decoder) (*yaml.Node, error) {
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := &yaml.Node{Kind: yaml.SequenceNode}
		if t == '{' {
			n.Kind = yaml.MappingNode
		}
		for dec.More() {
			if n.Kind == yaml.MappingNode {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: fmt.Sprint(k)})
			}
			v, err := jsonNode(dec)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, v)
		}
		_, err := dec.Token() // the closing delimiter
		return n, err
	case string:
		n := &yaml.Node{}
		n.SetString(t)
		if yaml11Bool(t) {
			n.Style = yaml.DoubleQuotedStyle // "off" stays a string for every reader
		}
		return n, nil
	case json.Number:
		tag := "!!int"
		if strings.ContainsAny(t.String(), ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: t.String()}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(t)}, nil
	default:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
}

// yaml11Bool reports whether a YAML 1.1 reader would take plain s for a boolean (synproxy's
// "on" and "off" are such words).
func yaml11Bool(s string) bool {
	switch strings.ToLower(s) {
	case "y", "yes", "n", "no", "true", "false", "on", "off":
		return true
	}
	return false
}

// stringKeys makes the plain scalar values of keys in mapping n strings, whatever they look
// like: `synproxy: off` written by hand means the word, not false.
func stringKeys(n *yaml.Node, keys ...string) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		v := n.Content[i+1]
		if v.Kind == yaml.ScalarNode && v.Style == 0 && slices.Contains(keys, n.Content[i].Value) {
			v.Tag = "!!str"
		}
	}
}

func dropKeys(n *yaml.Node, keys ...string) {
	if n.Kind != yaml.MappingNode {
		return
	}
	out := n.Content[:0]
	for i := 0; i+1 < len(n.Content); i += 2 {
		drop := false
		for _, k := range keys {
			drop = drop || n.Content[i].Value == k
		}
		if !drop {
			out = append(out, n.Content[i], n.Content[i+1])
		}
	}
	n.Content = out
}

func scalar(n *yaml.Node, key string) string {
	if v := nodeAt(n, key); v != nil {
		return v.Value
	}
	return ""
}

// getServices reads every service, as the controller has it now.
func (c *client) getServices() ([]service, []byte, error) {
	b, err := c.get("/v1/services", nil)
	if err != nil {
		return nil, nil, err
	}
	var svcs []service
	if err := json.Unmarshal(b, &svcs); err != nil {
		return nil, nil, fmt.Errorf("GET /v1/services: the reply is not a list of services: %w", err)
	}
	return svcs, b, nil
}
