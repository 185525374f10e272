#!/usr/bin/env python3
"""validate-keda.py MANIFEST... — checks every keda.sh object in the manifests against the CRD schemas in
keda.sh_crds.yaml (beside this file), strictly: like `kubectl apply --validate=strict`, a field the schema does not
name is an error, not silently pruned. A postgresql trigger's metadata keys must be ones KEDA's postgresql scaler
reads, and its authenticationRef must name a TriggerAuthentication in the same files. Needs PyYAML and jsonschema
(both in .build/pyenv: kubernetes-validate depends on them). Exit status 1 on any error."""
import pathlib, sys
import jsonschema, yaml

# KEDA's postgresql scaler parameters (keda.sh/docs/2.16/scalers/postgresql): metadata keys, and the
# parameters a TriggerAuthentication may supply.
POSTGRES_METADATA = {"connectionFromEnv", "host", "port", "userName", "dbName", "sslmode", "passwordFromEnv",
                     "query", "targetQueryValue", "activationTargetQueryValue"}
POSTGRES_AUTH = {"connection", "host", "port", "userName", "dbName", "sslmode", "password"}


def strict(schema):
    """The schema with unknown fields refused wherever it lists the known ones."""
    if isinstance(schema, dict):
        schema = {k: strict(v) for k, v in schema.items()}
        if "properties" in schema and "additionalProperties" not in schema \
                and not schema.get("x-kubernetes-preserve-unknown-fields"):
            schema["additionalProperties"] = False
        return schema
    return [strict(v) for v in schema] if isinstance(schema, list) else schema


def load_crds():
    crds = {}
    for crd in yaml.safe_load_all((pathlib.Path(__file__).parent / "keda.sh_crds.yaml").read_text()):
        for version in crd["spec"]["versions"]:
            key = (f"{crd['spec']['group']}/{version['name']}", crd["spec"]["names"]["kind"])
            crds[key] = strict(version["schema"]["openAPIV3Schema"])
    return crds


def check_postgres(doc, auths, where):
    errors = []
    for trigger in doc["spec"].get("triggers", []):
        if trigger.get("type") != "postgresql":
            continue
        unknown = set(trigger.get("metadata", {})) - POSTGRES_METADATA
        errors += [f"{where}: postgresql trigger metadata '{k}' is not a KEDA postgresql parameter" for k in sorted(unknown)]
        ref = trigger.get("authenticationRef", {}).get("name")
        if ref is not None and ref not in auths:
            errors.append(f"{where}: authenticationRef {ref} names no TriggerAuthentication in these files")
        for param in auths.get(ref, []):
            if param not in POSTGRES_AUTH:
                errors.append(f"{where}: TriggerAuthentication {ref} supplies '{param}', which the postgresql scaler ignores")
    return errors


def main(paths):
    crds, errors, checked, docs = load_crds(), [], 0, []
    for path in paths:
        docs += [(path, d) for d in yaml.safe_load_all(pathlib.Path(path).read_text()) if d]
    auths = {d["metadata"]["name"]: [r.get("parameter") for r in d.get("spec", {}).get("secretTargetRef", [])]
             for _, d in docs if d.get("kind") == "TriggerAuthentication"}
    for path, doc in docs:
        if not str(doc.get("apiVersion", "")).startswith("keda.sh/"):
            continue
        where = f"{path} {doc.get('kind')}/{doc.get('metadata', {}).get('name')}"
        schema = crds.get((doc["apiVersion"], doc.get("kind")))
        if schema is None:
            errors.append(f"{where}: no CRD schema for {doc['apiVersion']} {doc.get('kind')} in keda.sh_crds.yaml")
            continue
        found = [f"{where}: {'.'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
                 for e in jsonschema.Draft7Validator(schema).iter_errors(doc)]
        if doc["kind"] == "ScaledObject":
            found += check_postgres(doc, auths, where)
        errors += found
        checked += 1
        print(f"{'FAIL' if found else 'PASS'} {where} against keda.sh_crds.yaml (KEDA v2)")
    for e in errors:
        print(f"ERROR {e}")
    if checked == 0:
        print("ERROR no keda.sh objects found")
    return 1 if errors or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
