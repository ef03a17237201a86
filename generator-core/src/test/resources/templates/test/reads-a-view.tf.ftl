<#ftl output_format="HCL">
location = "${cluster.location}"
