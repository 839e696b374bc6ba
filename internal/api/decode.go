package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"hvlb/internal/model"
)

// decode reads one JSON object into v: unknown fields, wrong types, trailing data and
// bodies that are not JSON are errors that name the field at fault.
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return &httpError{http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: want application/json", ct)}
		}
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &model.FieldError{Field: "body", Msg: "trailing data after the JSON object"}
	}
	return nil
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
