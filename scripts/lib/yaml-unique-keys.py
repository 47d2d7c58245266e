"""Fails on a YAML mapping that repeats a key.

PyYAML (and so openapi-spec-validator) keeps the last of two equal keys silently, while
swift-openapi-generator's YAML reader refuses the document; this check makes the test command
catch it before the generated client does. Usage: python yaml-unique-keys.py FILE...
"""
import sys

import yaml


class UniqueKeyLoader(yaml.SafeLoader):
    def construct_mapping(self, node, deep=False):
        seen = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} repeats the one at {seen[key]}", key_node.start_mark)
            seen[key] = f"line {key_node.start_mark.line + 1}"
        return super().construct_mapping(node, deep)


for path in sys.argv[1:]:
    with open(path) as file:
        yaml.load(file, Loader=UniqueKeyLoader)
    print(f"{path}: no repeated keys")
