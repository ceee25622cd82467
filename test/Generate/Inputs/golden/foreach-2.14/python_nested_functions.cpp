// @generated from ../tools/autograd/templates/python_nested_functions.cpp
// The torch.nested functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"



namespace torch { namespace autograd {



static PyMethodDef nested_functions[] = {

  {nullptr}
};



}} // namespace torch::autograd
