// The error for bad input (files, options, notation): its message is the one line the user sees.
#pragma once

#include <stdexcept>
#include <string>

namespace patience {

class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads a whole file ("-" for standard input); throws InputError naming the file when it cannot.
std::string read_text_file(const std::string& path);

}  // namespace patience
