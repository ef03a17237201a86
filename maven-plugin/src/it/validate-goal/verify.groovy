def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] Modelplane: 1 AKSCluster valid in 1 file under src/main/modelplane')
assert log.contains('BUILD SUCCESS')
// The output's own pins are judged too: azurerm 5.0.0 shipped on 2026-07-27, after the pinned 4.x.
assert log.contains('[WARNING] OUT/NAMESPACE/NAME/terraform/terraform.tf:0:0: warning: terraform.required_providers.azurerm.version: ')
assert !new File(basedir, 'infra').exists() : 'validate never writes'

return true
