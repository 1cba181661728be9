module gopkg.in/validator.v2

go 1.19
