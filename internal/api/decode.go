package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"hvlb/internal/model"
)

// decode reads one JSON object into v: unknown fields, wrong types, trailing data and
// bodies that are not JSON are errors that name the field at fault by its full path
// ("reals[1].port").
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return &httpError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: want application/json", ct)}
		}
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return decodeError(err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		// Find the exact path the standard decoder does not give.
		var generic any
		if json.Unmarshal(body, &generic) == nil {
			if fe := mismatch(generic, reflect.TypeOf(v).Elem(), ""); fe != nil {
				return fe
			}
		}
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &model.FieldError{Field: "body", Msg: "trailing data after the JSON object"}
	}
	return nil
}

// mismatch returns the first place where JSON value v does not fit type t: an unknown
// field or a value of the wrong kind.
func mismatch(v any, t reflect.Type, path string) *model.FieldError {
	name := path
	if name == "" {
		name = "body"
	}
	if t.Kind() == reflect.Pointer {
		if v == nil {
			return nil
		}
		t = t.Elem()
	}
	bad := func() *model.FieldError {
		return &model.FieldError{Field: name, Msg: fmt.Sprintf("want %s, got JSON %s", typeName(t.String()), jsonKind(v))}
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return bad()
		}
		fields := map[string]reflect.StructField{}
		for i := 0; i < t.NumField(); i++ {
			tag, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			fields[tag] = t.Field(i)
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			f, ok := fields[k]
			sub := k
			if k == "" {
				sub = `""` // an empty key still needs a visible name
			}
			if path != "" {
				sub = path + "." + sub
			}
			if !ok {
				return &model.FieldError{Field: sub, Msg: "unknown field"}
			}
			if fe := mismatch(obj[k], f.Type, sub); fe != nil {
				return fe
			}
		}
	case reflect.Slice:
		if v == nil {
			return nil
		}
		arr, ok := v.([]any)
		if !ok {
			return bad()
		}
		for i, x := range arr {
			if fe := mismatch(x, t.Elem(), name+"["+strconv.Itoa(i)+"]"); fe != nil {
				return fe
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok && v != nil {
			return bad()
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok && v != nil {
			return bad()
		}
	case reflect.Int, reflect.Int64, reflect.Uint32, reflect.Uint64:
		f, ok := v.(float64)
		if v != nil && (!ok || f != math.Trunc(f)) {
			return bad()
		}
	case reflect.Float64:
		if _, ok := v.(float64); !ok && v != nil {
			return bad()
		}
	}
	return nil
}

func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		return "number " + strconv.FormatFloat(x, 'g', -1, 64)
	}
	return "value"
}

func decodeError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &httpError{http.StatusRequestEntityTooLarge, fmt.Sprintf("body: larger than %d bytes", MaxBodyBytes)}
	case errors.Is(err, io.EOF):
		return &model.FieldError{Field: "body", Msg: "empty; want a JSON object"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &model.FieldError{Field: "body", Msg: "truncated JSON"}
	case errors.As(err, &syn):
		return &model.FieldError{Field: "body", Msg: fmt.Sprintf("invalid JSON at byte %d: %v", syn.Offset, syn)}
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "body"
		}
		return &model.FieldError{Field: field, Msg: fmt.Sprintf("want %s, got JSON %s", typeName(typ.Type.String()), typ.Value)}
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		name, _ := strconv.Unquote(f)
		if name == "" {
			name = `""`
		}
		return &model.FieldError{Field: name, Msg: "unknown field"}
	}
	return &model.FieldError{Field: "body", Msg: strings.TrimPrefix(msg, "json: ")}
}

// typeName says in JSON terms what a Go type wants.
func typeName(goType string) string {
	switch strings.TrimPrefix(goType, "*") {
	case "int", "uint64", "int64", "uint32":
		return "an integer"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "float64":
		return "a number"
	}
	if strings.HasPrefix(goType, "[]") {
		return "an array"
	}
	return "an object"
}

// queryInt parses an optional integer query parameter in [lo, hi].
func queryInt(r *http.Request, name string, def, lo, hi int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, &model.FieldError{Field: name, Msg: fmt.Sprintf("%q: want an integer %d..%d", v, lo, hi)}
	}
	return n, nil
}

// queryBool parses an optional boolean query parameter.
func queryBool(r *http.Request, name string) (bool, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, &model.FieldError{Field: name, Msg: fmt.Sprintf("%q: want true or false", v)}
	}
	return b, nil
}

// realParam parses the {real} path segment ("addr:port", "[addr]:port").
func realParam(r *http.Request) (string, int, error) {
	return model.ParseRealKey(r.PathValue("real"))
}
