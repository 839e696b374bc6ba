package cli

// The flags of a service's plain settings (model.ServiceSettings), one per field, named
// after it (--conn-rate-limit for conn_rate_limit) with its help tag: vs add and vs set, on
// the controller (apitypes.SettingsInput) and on a forwarder (--forwarder: the
// VirtualService and UpdateService fields of the same name). A setting added to the model
// has its flags with no line here.

import (
	"flag"
	"fmt"
	"reflect"

	"google.golang.org/protobuf/reflect/protoreflect"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

type settingFlags struct {
	fields []model.SettingField
	vals   []*uint
}

func addSettingFlags(fs *flag.FlagSet) *settingFlags {
	f := &settingFlags{fields: model.SettingFields()}
	for _, sf := range f.fields {
		f.vals = append(f.vals, fs.Uint(sf.Flag(), 0, fmt.Sprintf("%s (0..%d)", sf.Help, sf.Max)))
	}
	return f
}

// names are the flags' names.
func (f *settingFlags) names() []string {
	out := make([]string, len(f.fields))
	for i, sf := range f.fields {
		out[i] = sf.Flag()
	}
	return out
}

// value is the i-th flag's value, checked against its field's range.
func (f *settingFlags) value(i int) (int, error) {
	if v := *f.vals[i]; v > uint(f.fields[i].Max) {
		return 0, usagef("--%s %d: want 0..%d", f.fields[i].Flag(), v, f.fields[i].Max)
	}
	return int(*f.vals[i]), nil
}

// input sets in the settings given on the command line (set: the flags given).
func (f *settingFlags) input(set map[string]bool, in *apitypes.SettingsInput) error {
	st := reflect.TypeOf(model.ServiceSettings{})
	for i, sf := range f.fields {
		if !set[sf.Flag()] {
			continue
		}
		v, err := f.value(i)
		if err != nil {
			return err
		}
		reflect.ValueOf(in).Elem().FieldByName(st.Field(sf.Index).Name).Set(reflect.ValueOf(&v))
	}
	return nil
}

// message sets the settings given on the command line in m, a VirtualService or (update:
// with each one's set_ flag) an UpdateService.
func (f *settingFlags) message(set map[string]bool, m protoreflect.Message, update bool) error {
	fds := m.Descriptor().Fields()
	for i, sf := range f.fields {
		if !set[sf.Flag()] {
			continue
		}
		v, err := f.value(i)
		if err != nil {
			return err
		}
		fd := fds.ByName(protoreflect.Name(sf.Name))
		if fd == nil {
			return fmt.Errorf("--%s: the forwarder's API has no field %s", sf.Flag(), sf.Name)
		}
		m.Set(fd, protoreflect.ValueOfUint32(uint32(v)))
		if update {
			m.Set(fds.ByName(protoreflect.Name("set_"+sf.Name)), protoreflect.ValueOfBool(true))
		}
	}
	return nil
}
