#!/usr/bin/env python3
"""Builds test/fixtures/interfaces/jazzy-type-hashes.json: the RIHS01 hash of every bundled type
as ROS 2 Jazzy's own tools give it, for test/unit/interfaces-hash.test.ts.

- Packages published as built wheels (ros-std-msgs==5.3.6, ros-rcl-interfaces==2.0.3, ...: the
  Jazzy releases): the `type_hashes` of the `*.json` type descriptions rosidl wrote into them.
- tf2_msgs, example_interfaces, statistics_msgs (no wheel): rosidl_adapter (.msg -> .idl) and
  rosidl_generator_type_description 4.6.6 (Jazzy) run on interfaces/<pkg>, with the wheels'
  descriptions as their include paths.

Usage (in a venv): pip download --no-deps <the wheels below> -d W; unzip each into W/x;
pip install ros-rosidl-adapter==4.6.6 ros-rosidl-parser==4.6.6 ros-rosidl-generator-type-description==4.6.6
python scripts/reference-type-hashes.py W/x > test/fixtures/interfaces/jazzy-type-hashes.json
"""
import contextlib
import json
import pathlib
import sys
import tempfile

from rosidl_adapter.action import convert_action_to_idl
from rosidl_adapter.msg import convert_msg_to_idl
from rosidl_adapter.srv import convert_srv_to_idl
from rosidl_generator_type_description import generate_type_hash

ROOT = pathlib.Path(__file__).resolve().parent.parent / 'interfaces'
WITHOUT_WHEEL = ['statistics_msgs', 'tf2_msgs', 'example_interfaces']  # in dependency order


def main(unpacked: pathlib.Path) -> None:
    hashes = {}
    wheels = {}
    includes = {}
    for data in sorted(unpacked.glob('ros_*.data')):
        for share in (data / 'data' / 'share').iterdir():
            if not (ROOT / share.name).is_dir():
                continue
            includes[share.name] = share
            wheels[share.name] = data.name[len('ros_'):-len('.data')].rsplit('-', 1)[1]
            for f in sorted(share.glob('*/*.json')):
                for h in json.loads(f.read_text())['type_hashes']:
                    hashes[h['type_name']] = h['hash_string']
    out = pathlib.Path(tempfile.mkdtemp())
    with contextlib.redirect_stdout(sys.stderr):  # rosidl_adapter narrates on stdout
        run_rosidl(out, includes, hashes, wheels)
    json.dump({'sources': dict(sorted(wheels.items())), 'hashes': dict(sorted(hashes.items()))},
              sys.stdout, indent=1)
    sys.stdout.write('\n')


def run_rosidl(out, includes, hashes, wheels):
    for pkg in WITHOUT_WHEEL:
        tuples = []
        for kind, convert in (('msg', convert_msg_to_idl), ('srv', convert_srv_to_idl),
                              ('action', convert_action_to_idl)):
            for f in sorted((ROOT / pkg / kind).glob(f'*.{kind}')):
                convert(ROOT / pkg, pkg, pathlib.Path(kind) / f.name, out / 'idl' / pkg / kind)
                tuples.append(f'{out / "idl" / pkg}:{kind}/{f.stem}.idl')
        args = out / f'{pkg}.json'
        args.write_text(json.dumps({
            'package_name': pkg, 'output_dir': str(out / 'json' / pkg), 'idl_tuples': tuples,
            'include_paths': [f'{k}:{v}' for k, v in includes.items()]}))
        for generated in generate_type_hash(str(args)):
            for h in json.loads(pathlib.Path(generated).read_text())['type_hashes']:
                hashes[h['type_name']] = h['hash_string']
        includes[pkg] = out / 'json' / pkg
        wheels[pkg] = 'rosidl_generator_type_description 4.6.6'


if __name__ == '__main__':
    main(pathlib.Path(sys.argv[1]))
