package reportshare

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"google.golang.org/protobuf/proto"

	"hvlb/internal/pb/ctlpb"
)

// MaxRecordBytes bounds a record once uncompressed: a value that inflates past it is
// refused, not read into memory.
const MaxRecordBytes = 16 << 20

// encode is a record as etcd keeps it: its protobuf bytes, gzip-compressed (a report's
// stats and verdicts repeat the same names and addresses, and shrink several times).
func encode(rec *ctlpb.SharedReport) ([]byte, error) {
	raw, err := proto.Marshal(rec)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// errTooLarge: a record inflates past MaxRecordBytes.
var errTooLarge = errors.New("record larger than MaxRecordBytes uncompressed")

// decode reads a record that encode wrote.
func decode(v []byte) (*ctlpb.SharedReport, error) {
	zr, err := gzip.NewReader(bytes.NewReader(v))
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(io.LimitReader(zr, MaxRecordBytes+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > MaxRecordBytes {
		return nil, errTooLarge
	}
	rec := &ctlpb.SharedReport{}
	if err := proto.Unmarshal(raw, rec); err != nil {
		return nil, fmt.Errorf("protobuf: %w", err)
	}
	return rec, nil
}
