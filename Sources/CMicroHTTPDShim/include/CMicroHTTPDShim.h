#ifndef C_MICRO_HTTPD_SHIM_H
#define C_MICRO_HTTPD_SHIM_H
/* Placeholder: the shim's API is written in the MicroHTTP work. */
int CMicroHTTPDShim_version(void);
#endif
