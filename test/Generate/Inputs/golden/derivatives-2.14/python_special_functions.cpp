// @generated from ../tools/autograd/templates/python_special_functions.cpp
// The torch.special functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"



namespace torch { namespace autograd {



static PyMethodDef special_functions[] = {

  {nullptr}
};



}} // namespace torch::autograd
